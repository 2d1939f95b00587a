import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { CheckboxGroup, Honeypot, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { ErrorSummary, StatusMessages, SubmitButton } from "~/components/form/form-feedback";
import { fieldRule, formFields } from "~/components/form/rules";
import { useEnhancedForm } from "~/components/form/use-enhanced-form";
import { isSubmission, remember, submissionUrl } from "./submission";

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
 * LessonPlanForm is the lesson plan request form: the required fields first, then where to
 * send the plan, then optional details. Without JavaScript it posts the form (the server
 * answers 303 to the confirmation); with it, it posts JSON and moves on to the success page
 * with the reference and summary.
 */
export function LessonPlanForm() {
  const navigate = useNavigate();
  const form = useEnhancedForm<unknown>({
    form: "lessonPlan",
    action: "/api/lesson-plans",
    onSuccess: (body) => {
      if (!isSubmission(body)) return "Your request was received. We will email your lesson plan to you.";
      remember(body);
      void navigate(submissionUrl(body.reference), { state: body });
      return undefined;
    },
  });

  return (
    <form
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
