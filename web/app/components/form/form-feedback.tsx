import type { ReactNode } from "react";
import type { FieldRule } from "./rules";
import type { EnhancedForm, FormStatus } from "./use-enhanced-form";

// What a form says about itself as a whole, shared by the site's forms: the error summary at
// the top, the submit button while sending, and the live regions announcing the outcome.
// (The fields, each with its own message, are in fields.tsx.)

/**
 * ErrorSummary lists every problem at the top of a long form, each linking to its field, in
 * the order of fields.
 */
export function ErrorSummary({ form, fields }: { form: EnhancedForm; fields: readonly FieldRule[] }) {
  const entries = fields.filter((f) => form.errors[f.name]);
  if (entries.length === 0 && !form.formError) return null;
  return (
    <section
      className="rounded-md border-l-4 border-red-700 bg-red-50 p-4"
      aria-labelledby={`${form.idPrefix}-summary`}
    >
      <h2 id={`${form.idPrefix}-summary`} className="text-base font-semibold text-red-800">
        There is a problem
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
        {entries.map((f) => (
          <li key={f.name}>
            <a
              href={`#${form.fieldId(f.name)}`}
              className="underline underline-offset-2 hover:no-underline"
              onClick={(event) => {
                const target = document.getElementById(form.fieldId(f.name));
                if (target) {
                  event.preventDefault();
                  target.focus();
                }
              }}
            >
              {form.errors[f.name]}
            </a>
          </li>
        ))}
        {form.formError && <li>{form.formError}</li>}
      </ul>
    </section>
  );
}

/**
 * SubmitButton says "Sending…" and is disabled while a submission is on its way. It uses
 * aria-disabled rather than the disabled attribute so keyboard focus stays on it (a disabled
 * button drops focus to the page); useEnhancedForm ignores submits while sending.
 */
export function SubmitButton({
  status,
  children,
  className = "",
}: {
  status: FormStatus;
  children: ReactNode;
  className?: string;
}) {
  const sending = status.kind === "sending";
  return (
    <button
      type="submit"
      aria-disabled={sending || undefined}
      className={`inline-flex items-center justify-center rounded-md bg-indigo-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-disabled:cursor-wait aria-disabled:opacity-80 ${className}`}
    >
      {sending ? "Sending…" : children}
    </button>
  );
}

/**
 * StatusMessages are the live regions a form announces through: sending and success
 * politely (role status), failures at once (role alert). Both are always in the page so
 * screen readers notice their content changing.
 */
export function StatusMessages({
  status,
  className = "",
  successClassName = "text-emerald-800",
  errorClassName = "font-medium text-red-700",
}: {
  status: FormStatus;
  className?: string;
  successClassName?: string;
  errorClassName?: string;
}) {
  return (
    <div className={className}>
      <div role="status" className={status.kind === "success" ? successClassName : "sr-only"}>
        {status.kind === "sending" ? "Sending…" : status.kind === "success" ? status.message : ""}
      </div>
      <div role="alert" className={status.kind === "error" ? errorClassName : "sr-only"}>
        {status.kind === "error" ? status.message : ""}
      </div>
    </div>
  );
}
