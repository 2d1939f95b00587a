import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { inputClass, labelClass } from "./ui";

// The console's form fields: a label, an optional hint, the input, and the server's problem
// with it (announced by the input's description), so every form writes them one way.

/** codeInput is what makes an input take a 6-digit code from an authenticator app. */
export const codeInput = {
  name: "code",
  type: "text",
  inputMode: "numeric",
  autoComplete: "one-time-code",
  pattern: "[0-9]{6}",
  maxLength: 6,
  required: true,
} as const;

/**
 * TextField is a labelled input. The other props go to the input; its className adds to the
 * input's classes, and box is the class of the block around label and input. A hint is read
 * out with the input (aria-describedby), and so is an error, which also marks it invalid.
 */
export function TextField({
  label,
  hint,
  error,
  box,
  className,
  ref,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  box?: string;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint && `${id}-hint`, describedBy, error && `${id}-error`].filter(Boolean).join(" ");
  const classes = [inputClass, className, error && "border-red-700"].filter(Boolean).join(" ");
  return (
    <div className={box}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : invalid}
        aria-describedby={described || undefined}
        className={classes}
        {...input}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** FieldError is the server's problem with a field, under it (the field names it by id). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span className="sr-only">Error:</span> {message}
    </p>
  );
}
