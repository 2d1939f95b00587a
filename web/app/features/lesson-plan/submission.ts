import { fieldRule, formFields, successPath } from "~/components/form/rules";

// What the success page knows about a lesson-plan request: what the API answered to the
// POST (kept in memory and in the navigation state) or what GET /api/lesson-plans/{ref}
// returns when the page is opened from a link or reloaded.

/** LessonPlanSummary is the API's summary of a request: field names as in forms.json. */
export type LessonPlanSummary = Record<string, unknown>;

/** Submission is a stored request: its reference and summary. */
export interface Submission {
  reference: string;
  summary: LessonPlanSummary;
}

/** REFERENCE matches what a reference can look like; anything else is not looked up. */
export const REFERENCE = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * submissionUrl is the form's success page (forms.json) showing a reference; with JavaScript
 * the reference travels in the query string.
 */
export function submissionUrl(reference: string): string {
  return `${successPath("lessonPlan")}?ref=${encodeURIComponent(reference)}`;
}

const remembered = new Map<string, LessonPlanSummary>();

/** remember keeps a fresh submission so the success page needs no request to show it. */
export function remember(submission: Submission): void {
  remembered.set(submission.reference, submission.summary);
}

/** recall returns a submission remembered in this page's lifetime. */
export function recall(reference: string): Submission | undefined {
  const summary = remembered.get(reference);
  return summary ? { reference, summary } : undefined;
}

/** isSubmission says whether value has the shape of a Submission (navigation state, API). */
export function isSubmission(value: unknown): value is Submission {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.reference === "string" && typeof v.summary === "object" && v.summary !== null;
}

/** Lookup is what looking a reference up found. */
export type Lookup = { kind: "found"; submission: Submission } | { kind: "not-found" } | { kind: "failed" };

/** fetchSubmission asks the API for a request by reference. */
export async function fetchSubmission(reference: string, signal?: AbortSignal): Promise<Lookup> {
  try {
    const response = await fetch(`/api/lesson-plans/${encodeURIComponent(reference)}`, {
      headers: { Accept: "application/json" },
      signal,
    });
    if (response.status === 404 || response.status === 410) return { kind: "not-found" };
    if (!response.ok) return { kind: "failed" };
    const body: unknown = await response.json();
    if (isSubmission(body)) return { kind: "found", submission: body };
    if (typeof body === "object" && body !== null) {
      return { kind: "found", submission: { reference, summary: body as LessonPlanSummary } };
    }
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

/** SummaryItem is one line of a request's summary, ready to show. */
export interface SummaryItem {
  name: string;
  label: string;
  value: string;
}

function optionLabel(name: string, value: string): string {
  const rule = fieldRule("lessonPlan", name);
  return rule.options?.find((o) => o.value === value)?.label ?? value;
}

/**
 * summaryItems turns a summary into labelled lines in the form's order, with option values
 * shown by their labels and empty answers left out. Text stays text: React escapes it.
 */
export function summaryItems(summary: LessonPlanSummary): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const rule of formFields("lessonPlan")) {
    const raw = summary[rule.name];
    let value = "";
    if (Array.isArray(raw)) {
      value = raw
        .filter((v): v is string => typeof v === "string")
        .map((v) => optionLabel(rule.name, v))
        .join(", ");
    } else if (typeof raw === "string") {
      value = rule.options ? optionLabel(rule.name, raw) : raw;
    } else if (typeof raw === "number") {
      value = rule.kind === "integer" && rule.name === "duration" ? `${raw} minutes` : String(raw);
    }
    if (value.trim() !== "") items.push({ name: rule.name, label: rule.label, value });
  }
  return items;
}
