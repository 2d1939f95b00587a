import type { FieldErrors } from "./rules";

/**
 * SubmitResult is what became of a form sent to the API:
 * ok (2xx, with the decoded body), invalid (422, with field messages the server chose),
 * or failed (anything else, with a sentence a person can act on).
 */
export type SubmitResult<T> =
  | { kind: "ok"; status: number; body: T }
  | { kind: "invalid"; errors: FieldErrors; message?: string }
  | { kind: "failed"; status: number; message: string };

/** NETWORK_ERROR is shown when the request never got an answer. */
export const NETWORK_ERROR =
  "We couldn't reach the server. Check your connection and try again — what you typed is still here.";

/** SERVER_ERROR is shown for a 5xx or an answer the page does not understand. */
export const SERVER_ERROR =
  "Something went wrong on our side. Please try again in a moment — what you typed is still here.";

function retryMessage(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds > 0) {
    const wait = seconds < 90 ? `${Math.ceil(seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    return `Too many attempts from your connection. Please wait ${wait} and try again.`;
  }
  return "Too many attempts from your connection. Please wait a minute and try again.";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * idempotencyKeys holds the Idempotency-Key of each submission (URL and data) whose answer
 * was lost: a network error, a 5xx or a 409 (the first attempt still running). Sending the
 * same data again reuses its key, so the server stores it once even if the lost attempt did
 * arrive. Any other answer ends the submission: the next one, even of the same data, is a new
 * submission with a new key.
 */
const idempotencyKeys = new Map<string, string>();

function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * postJson sends body as JSON to url, with an Idempotency-Key header (see idempotencyKeys),
 * and sorts the answer into a SubmitResult. It never throws: network failures and unexpected
 * answers become "failed".
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  init?: { signal?: AbortSignal },
): Promise<SubmitResult<T>> {
  const payload = JSON.stringify(body);
  const attempt = `${url}\n${payload}`;
  const key = idempotencyKeys.get(attempt) ?? newIdempotencyKey();
  idempotencyKeys.set(attempt, key);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
      body: payload,
      credentials: "same-origin",
      signal: init?.signal,
    });
  } catch {
    return { kind: "failed", status: 0, message: NETWORK_ERROR };
  }
  if (response.status !== 409 && response.status < 500) idempotencyKeys.delete(attempt);

  const data = await readJson(response);
  if (response.ok) return { kind: "ok", status: response.status, body: data as T };

  if (response.status === 422 && isRecord(data) && isRecord(data.errors)) {
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(data.errors)) {
      if (typeof message === "string") errors[field] = message;
    }
    return { kind: "invalid", errors };
  }
  if (response.status === 429) {
    return { kind: "failed", status: 429, message: retryMessage(response.headers.get("Retry-After")) };
  }
  if (response.status >= 500) return { kind: "failed", status: response.status, message: SERVER_ERROR };

  const said = isRecord(data) && typeof data.error === "string" ? data.error : undefined;
  return {
    kind: "failed",
    status: response.status,
    message: said ?? "Your message could not be sent. Please reload the page and try again.",
  };
}
