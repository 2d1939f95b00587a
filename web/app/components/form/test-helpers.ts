import { type Mock, vi } from "vitest";

// Helpers for component tests of the forms: a stand-in for the API behind fetch.

/** jsonResponse builds a JSON answer like the Go API's. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

type Answer = Response | Error | Promise<Response>;

/**
 * mockFetch replaces fetch with a mock that gives the answers in order (an Error is thrown,
 * as fetch does when the network fails). Restore with vi.unstubAllGlobals().
 */
export function mockFetch(...answers: Answer[]): Mock<typeof fetch> {
  const fn = vi.fn<typeof fetch>();
  for (const answer of answers) {
    fn.mockImplementationOnce(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
  }
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** sentJson returns the decoded JSON body of the nth call to a mocked fetch. */
export function sentJson(fn: Mock<typeof fetch>, call = 0): Record<string, unknown> {
  const init = fn.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

/** deferred is a promise the test settles by hand, to look at a form while it is sending. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
