import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { CheckboxGroup, Honeypot, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { ErrorSummary, StatusMessages, SubmitButton } from "~/components/form/form-feedback";
import { fieldRule, formFields } from "~/components/form/rules";
import { useEnhancedForm } from "~/components/form/use-enhanced-form";
import { assignLocation } from "~/lib/document-navigation";
import { applySummary, prefillReference } from "./prefill";
import { fetchSubmission, planUrlOf } from "./submission";

/** PRIVACY_NOTE sits beside the submit button (SPEC B1, exact wording). */
export const PRIVACY_NOTE = "Don't include student names or other personal information.";

const fields = formFields("lessonPlan");
const rule = (name: string) => fieldRule("lessonPlan", name);

function Group({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={intro ? `${id}-intro` : undefined} className="space-y-6">
      <legend className="text-xl font-semibold text-slate-900">{title}</legend>
      {intro && (
        <p id={`${id}-intro`} className="-mt-3 text-sm text-slate-600">
          {intro}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/**
 * usePrefill fills the form from an earlier request when the page was opened with
 * ?from={reference} ("make another like this" on a plan page). A failed lookup changes
 * nothing: the form simply stays empty. It returns the reference it filled from.
 */
function usePrefill(formRef: RefObject<HTMLFormElement | null>): string | undefined {
  const [from, setFrom] = useState<string>();
  useEffect(() => {
    const reference = prefillReference(window.location.search);
    if (!reference) return;
    const abort = new AbortController();
    void fetchSubmission(reference, abort.signal).then((lookup) => {
      const form = formRef.current;
      if (abort.signal.aborted || lookup.kind !== "found" || !form) return;
      if (applySummary(form, lookup.submission.summary) > 0) setFrom(lookup.submission.reference);
    });
    return () => abort.abort();
  }, [formRef]);
  return from;
}

/**
 * LessonPlanForm is the lesson plan request form: the required fields first, then where to
 * send the plan, then optional details. Without JavaScript it posts the form (the server
 * answers 303 to the plan page); with it, it posts JSON and then opens the plan page with a
 * document navigation, so the server can render (and stream) the plan there.
 */
export function LessonPlanForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const prefilledFrom = usePrefill(formRef);
  const form = useEnhancedForm<unknown>({
    form: "lessonPlan",
    action: "/api/lesson-plans",
    onSuccess: (body) => {
      const url = planUrlOf(body);
      if (!url) return "Your request was received. We have emailed you the link to your lesson plan.";
      assignLocation(url);
      return "Your lesson plan is ready. Opening it…";
    },
  });

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/lesson-plans"
      noValidate={form.hydrated}
      onSubmit={form.onSubmit}
      className="relative space-y-10"
      aria-label="Lesson plan request"
    >
      <p className="text-sm text-slate-600">
        Only the first two groups are needed — it takes about a minute. Fields marked (optional) can be left
        empty.
      </p>
      {prefilledFrom && (
        <p role="status" className="rounded-md border-l-4 border-indigo-700 bg-indigo-50 p-4 text-slate-800">
          Filled in from your plan {prefilledFrom}. Change anything you like, then add your email address.
        </p>
      )}
      <ErrorSummary form={form} fields={fields} />

      <Group id={`${form.idPrefix}-about`} title="About the lesson">
        <div className="grid gap-6 sm:grid-cols-2">
          <SelectField form={form} rule={rule("subject")} placeholder="Choose a subject" />
          <SelectField form={form} rule={rule("grade")} placeholder="Choose a grade" />
        </div>
        <TextField
          form={form}
          rule={rule("topic")}
          hint="For example: The causes of World War I, or Solving quadratic equations."
        />
        <TextField
          form={form}
          rule={rule("duration")}
          hint="Most periods are 45 to 90 minutes."
          className="sm:w-1/2"
        />
      </Group>

      <Group id={`${form.idPrefix}-send`} title="Where to send it">
        <TextField
          form={form}
          rule={rule("email")}
          autoComplete="email"
          hint="We email the plan here, and nothing else unless you ask."
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField form={form} rule={rule("name")} autoComplete="name" />
          <TextField form={form} rule={rule("school")} autoComplete="organization" />
        </div>
      </Group>

      <Group
        id={`${form.idPrefix}-more`}
        title="Optional details"
        intro="Everything here is optional; it helps us fit the plan to your class."
      >
        <TextAreaField
          form={form}
          rule={rule("objectives")}
          rows={3}
          hint="What should students know or be able to do by the end?"
        />
        <TextAreaField
          form={form}
          rule={rule("standards")}
          rows={2}
          hint={
            <>
              Codes and wording, for example <code>CCSS.ELA-LITERACY.RL.9-10.2</code> or{" "}
              <code>NGSS HS-LS1-1</code>.
            </>
          }
        />
        <SelectField form={form} rule={rule("instructionalModel")} placeholder="No preference" />
        <CheckboxGroup form={form} rule={rule("differentiation")} hint="Choose any that apply." />
        <TextAreaField form={form} rule={rule("notes")} rows={4} counter />
      </Group>

      <Honeypot form={form} />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:gap-6">
        <SubmitButton status={form.status}>Create my lesson plan</SubmitButton>
        <p id={`${form.idPrefix}-privacy`} className="text-sm font-medium text-slate-700">
          {PRIVACY_NOTE}
        </p>
      </div>
      <StatusMessages
        status={form.status}
        errorClassName="rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-800"
      />
    </form>
  );
}
