import { useEffect, useRef, useState } from "react";
import { Honeypot, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { ErrorSummary, StatusMessages, SubmitButton } from "~/components/form/form-feedback";
import { fieldRule, formFields } from "~/components/form/rules";
import { useEnhancedForm } from "~/components/form/use-enhanced-form";

/** RESPONSE_TIME is how soon the team answers, as promised on the page. */
export const RESPONSE_TIME = "within two working days";

/** SENT is announced when a message has been accepted. */
export const SENT = "Thanks — your message is on its way.";

const fields = formFields("contact");
const rule = (name: string) => fieldRule("contact", name);

/**
 * ContactForm is the contact page's form. Without JavaScript it posts the form (the server
 * answers 303 to its success page, forms.json's); with it, it posts JSON and shows the
 * outcome in place.
 */
export function ContactForm() {
  const [done, setDone] = useState(false);
  const form = useEnhancedForm<{ id?: string }>({
    form: "contact",
    action: "/api/contact",
    onSuccess: () => {
      setDone(true);
      return SENT;
    },
  });

  return (
    <div>
      {done ? (
        <Confirmation onAnother={() => setDone(false)} />
      ) : (
        <form
          method="post"
          action="/api/contact"
          noValidate={form.hydrated}
          onSubmit={form.onSubmit}
          className="relative space-y-6"
          aria-labelledby="contact-form-title"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <p className="text-sm text-slate-600">All fields are required unless marked (optional).</p>
          <ErrorSummary form={form} fields={fields} />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField form={form} rule={rule("name")} autoComplete="name" />
            <TextField form={form} rule={rule("email")} autoComplete="email" />
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <SelectField form={form} rule={rule("reason")} placeholder="Choose a reason" />
            <TextField form={form} rule={rule("organisation")} autoComplete="organization" />
          </div>
          <TextAreaField form={form} rule={rule("message")} rows={7} counter />
          <Honeypot form={form} />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton status={form.status}>Send message</SubmitButton>
            <p className="text-sm text-slate-600">We reply by email {RESPONSE_TIME}.</p>
          </div>
        </form>
      )}
      <StatusMessages
        status={form.status}
        successClassName="sr-only"
        errorClassName="mt-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-800"
      />
    </div>
  );
}

function Confirmation({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown only after sending in place: move focus to the news.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-6">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-emerald-900 focus:outline-none">
        {SENT}
      </h2>
      <p className="mt-3 text-slate-800">
        We have sent a copy to your email address. Someone from the team will reply {RESPONSE_TIME}.
      </p>
      <button
        type="button"
        onClick={onAnother}
        className="mt-4 rounded-md text-base font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        Send another message
      </button>
    </div>
  );
}
