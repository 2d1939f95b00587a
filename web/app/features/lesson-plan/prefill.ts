import { fieldRule } from "~/components/form/rules";
import { type LessonPlanSummary, REFERENCE } from "./submission";

// "Make another like this": the plan page links to /lesson-plan?from={reference}, and the
// form fills itself from that request's summary. Only the lesson's own answers are copied:
// never the email address (the summary does not have it), the name or the school.

/** PREFILLED are the fields copied from an earlier request, in the form's order. */
export const PREFILLED = [
  "subject",
  "grade",
  "topic",
  "duration",
  "objectives",
  "standards",
  "instructionalModel",
  "differentiation",
  "notes",
] as const;

/** prefillReference is the reference named by ?from= in search, if it can be one. */
export function prefillReference(search: string): string | undefined {
  const from = new URLSearchParams(search).get("from")?.trim() ?? "";
  return REFERENCE.test(from) ? from : undefined;
}

// Setting a value through the element's own prototype setter and then firing "input" lets
// React's change handlers (the notes counter) see the new text, as if it had been typed.
function setText(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * applySummary writes a summary's answers into the form's controls. Values that are not
 * among a field's options are skipped, so a changed form never shows an impossible answer.
 * It returns how many fields it filled.
 */
export function applySummary(form: HTMLFormElement, summary: LessonPlanSummary): number {
  let filled = 0;
  for (const name of PREFILLED) {
    const rule = fieldRule("lessonPlan", name);
    const raw = summary[name];
    const allowed = (v: string) => !rule.options || rule.options.some((o) => o.value === v);
    if (rule.kind === "multiselect") {
      if (!Array.isArray(raw)) continue;
      const chosen = new Set(raw.filter((v): v is string => typeof v === "string" && allowed(v)));
      for (const box of Array.from(form.querySelectorAll<HTMLInputElement>("input[type=checkbox]"))) {
        if (box.name === name && box.checked !== chosen.has(box.value)) box.click();
      }
      if (chosen.size > 0) filled++;
      continue;
    }
    const value = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
    if (value === "" || !allowed(value)) continue;
    const control = form.elements.namedItem(name);
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
    ) {
      setText(control, value);
      filled++;
    }
  }
  return filled;
}
