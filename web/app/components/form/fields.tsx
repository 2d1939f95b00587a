import { type ReactNode, useEffect, useRef, useState } from "react";
import { constraints, type FieldRule, HONEYPOT } from "./rules";
import type { EnhancedForm } from "./use-enhanced-form";

// Presentational pieces shared by the site's forms. Every field renders its label, an
// optional hint, and its message; the input points at both with aria-describedby and says
// aria-invalid when the message is showing. (The form-wide summary, button and status are in
// form-feedback.tsx.)

const labelClass = "block text-sm font-semibold text-slate-900";
const controlClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 focus:ring-offset-1";
const okBorder = "border-slate-500";
const errorBorder = "border-red-700";
const hintClass = "mt-1 text-sm text-slate-600";
const errorClass = "mt-1 text-sm font-medium text-red-700";

interface FieldProps {
  form: EnhancedForm;
  rule: FieldRule;
  hint?: ReactNode;
  /** hideLabel keeps the label for screen readers only (the compact footer box). */
  hideLabel?: boolean;
  className?: string;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(" ") : undefined;
}

function Label({ htmlFor, rule, hidden }: { htmlFor: string; rule: FieldRule; hidden?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={hidden ? "sr-only" : labelClass}>
      {rule.label}
      {!rule.required && " "}
      {!rule.required && <span className="font-normal text-slate-600">(optional)</span>}
    </label>
  );
}

/** FieldMessage is a field's problem, tied to the field by its id. */
/** FieldHint is the help text under a label, referenced by the control's aria-describedby as `${id}-hint`. */
function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className={hintClass}>
      {hint}
    </p>
  ) : null;
}

export function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={errorClass}>
      <span className="sr-only">Error:</span> {message}
    </p>
  );
}

/** TextField is a one-line input for text, email and whole-number fields. */
export function TextField({
  form,
  rule,
  hint,
  hideLabel,
  className,
  autoComplete,
  placeholder,
  defaultValue,
}: FieldProps & { autoComplete?: string; placeholder?: string; defaultValue?: string | number }) {
  const id = form.fieldId(rule.name);
  const error = form.errors[rule.name];
  return (
    <div className={className}>
      <Label htmlFor={id} rule={rule} hidden={hideLabel} />
      <FieldHint id={id} hint={hint} />
      <input
        id={id}
        name={rule.name}
        {...constraints(rule)}
        autoComplete={autoComplete}
        placeholder={placeholder}
        defaultValue={defaultValue ?? rule.default}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
        className={`${controlClass} ${error ? errorBorder : okBorder}`}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * TextAreaField is a multi-line field. With counter it shows how many characters are used of
 * the limit (once JavaScript runs; before that it states the limits).
 */
export function TextAreaField({
  form,
  rule,
  hint,
  className,
  rows = 5,
  counter,
}: FieldProps & { rows?: number; counter?: boolean }) {
  const id = form.fieldId(rule.name);
  const error = form.errors[rule.name];
  const ref = useRef<HTMLTextAreaElement>(null);
  const [count, setCount] = useState(0);
  // Text typed before the page hydrated counts too.
  useEffect(() => setCount(Array.from(ref.current?.value ?? "").length), []);
  const max = rule.maxLength;
  const limits =
    rule.minLength !== undefined && rule.minLength > 1
      ? `${rule.minLength} to ${max} characters.`
      : `Up to ${max} characters.`;
  const over = max !== undefined && count > max;
  return (
    <div className={className}>
      <Label htmlFor={id} rule={rule} />
      <FieldHint id={id} hint={hint} />
      <textarea
        ref={ref}
        id={id}
        name={rule.name}
        rows={rows}
        {...constraints(rule)}
        onChange={counter ? (e) => setCount(Array.from(e.currentTarget.value).length) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          hint !== undefined && `${id}-hint`,
          counter && `${id}-count`,
          error && `${id}-error`,
        )}
        className={`${controlClass} ${error ? errorBorder : okBorder}`}
      />
      {counter && max !== undefined && (
        <p id={`${id}-count`} className={`${hintClass} ${over ? "font-medium text-red-700" : ""}`}>
          {form.hydrated ? `${count} of ${max} characters used. ` : ""}
          {!form.hydrated && limits}
          {form.hydrated && rule.minLength !== undefined && rule.minLength > 1 && count < rule.minLength
            ? `At least ${rule.minLength} needed.`
            : ""}
        </p>
      )}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** SelectField is a drop-down. placeholder is the label of the empty first choice. */
export function SelectField({
  form,
  rule,
  hint,
  className,
  placeholder,
  defaultValue,
}: FieldProps & { placeholder: string; defaultValue?: string }) {
  const id = form.fieldId(rule.name);
  const error = form.errors[rule.name];
  return (
    <div className={className}>
      <Label htmlFor={id} rule={rule} />
      <FieldHint id={id} hint={hint} />
      <select
        id={id}
        name={rule.name}
        required={rule.required || undefined}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
        className={`${controlClass} ${error ? errorBorder : okBorder}`}
      >
        <option value="">{placeholder}</option>
        {(rule.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** CheckboxGroup is a multiselect field: a fieldset of checkboxes sharing one name. */
export function CheckboxGroup({ form, rule, hint, className }: FieldProps) {
  const id = form.fieldId(rule.name);
  const error = form.errors[rule.name];
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className={labelClass}>
        {rule.label}
        {!rule.required && " "}
        {!rule.required && <span className="font-normal text-slate-600">(optional)</span>}
      </legend>
      <FieldHint id={id} hint={hint} />
      <div className="mt-2 space-y-2">
        {(rule.options ?? []).map((o, i) => (
          <div key={o.value} className="flex items-center gap-3">
            <input
              id={i === 0 ? id : `${id}-${o.value}`}
              type="checkbox"
              name={rule.name}
              value={o.value}
              aria-invalid={error ? true : undefined}
              className="h-5 w-5 rounded border-slate-500 text-indigo-700 focus:ring-2 focus:ring-indigo-600"
            />
            <label htmlFor={i === 0 ? id : `${id}-${o.value}`} className="text-base text-slate-900">
              {o.label}
            </label>
          </div>
        ))}
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * Honeypot is the field people never see and bots fill in. It sits off-screen rather than
 * hidden from assistive technology, and its label tells anyone who meets it what to do.
 */
export function Honeypot({ form }: { form: EnhancedForm }) {
  const id = form.fieldId(HONEYPOT);
  return (
    <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
