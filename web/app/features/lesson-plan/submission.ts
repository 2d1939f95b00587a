import { successPath } from "~/components/form/rules";

// What the lesson-plan form knows about a stored request: what POST /api/lesson-plans
// answered (the reference and the plan page's address) and what GET /api/lesson-plans/{ref}
// returns, the summary "make another like this" pre-fills the form from.

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
 * planPath is a request's plan page: the form's success page (forms.json, pages.json)
 * followed by /{reference}, the address the Go server renders and the email links to.
 */
export function planPath(reference: string): string {
  return `${successPath("lessonPlan")}/${encodeURIComponent(reference)}`;
}

/**
 * planUrlOf is where to go after a 201: the answer's planUrl when it is a path on this site
 * under the plan pages, else the path built from the reference. An answer is data: a
 * planUrl naming another origin (or anything else) is never followed.
 */
export function planUrlOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { reference, planUrl } = body as Record<string, unknown>;
  if (typeof reference !== "string" || !REFERENCE.test(reference)) return undefined;
  const own = planPath(reference);
  if (typeof planUrl === "string") {
    try {
      const url = new URL(planUrl, window.location.origin);
      if (url.origin === window.location.origin && url.pathname === own) return url.pathname;
    } catch {
      // not a URL: fall back to the reference's own page
    }
  }
  return own;
}

/** isSubmission says whether value has the shape of a Submission. */
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
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}
