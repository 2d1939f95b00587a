import { describe, expect, it, vi } from "vitest";
import { ApiError, createClient, safeNext, signInHref, UNREACHABLE } from "./api";
import { csvHref, endpoints } from "./endpoints";

/** answer is a Response with a JSON body (or a raw text body). */
function answer(status: number, body?: unknown, raw?: string): Response {
  const text = raw ?? (body === undefined ? null : JSON.stringify(body));
  return new Response(status === 204 ? null : text, {
    status,
    headers: { "Content-Type": raw ? "text/html" : "application/json" },
  });
}

function setup(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const navigate = vi.fn<(href: string) => void>();
  const client = createClient({
    fetch: async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return respond(String(input), init);
    },
    navigate,
    here: () => "/admin/contacts?status=new",
  });
  return { api: endpoints(client), calls, navigate };
}

describe("the console's API client", () => {
  it("sends JSON with the same-origin cookie and returns the answer", async () => {
    const { api, calls } = setup(() => answer(200, { items: [{ id: 1 }], next: "abc" }));
    const page = await api.contacts({ q: "ann", status: "new", reason: "" });
    expect(page).toEqual({ items: [{ id: 1 }], next: "abc" });
    expect(calls[0]?.url).toBe("/api/admin/contacts?q=ann&status=new");
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(calls[0]?.init.method).toBe("GET");
  });

  it("puts an address in a POST body, never in the URL", async () => {
    const { api, calls } = setup(() => answer(200, { email: "a@example.com", contacts: [] }));
    await api.dataRequest("a@example.com");
    expect(calls[0]?.url).toBe("/api/admin/data-request");
    expect(calls[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: "a@example.com" });
    expect(calls[0]?.init.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("sends a 401 to the sign-in page, asking to come back to the page it was on", async () => {
    const { api, navigate } = setup(() => answer(401, { error: "Please sign in." }));
    await expect(api.dashboard()).rejects.toMatchObject({ status: 401, message: "Please sign in." });
    expect(navigate).toHaveBeenCalledWith("/admin/sign-in?next=%2Fadmin%2Fcontacts%3Fstatus%3Dnew");
  });

  it("keeps a wrong password on the sign-in page, and says when the code is needed", async () => {
    const { api, navigate } = setup(() =>
      answer(401, { error: "Enter the 6-digit code from your authenticator app.", needCode: true }),
    );
    const err = await api.signIn({ email: "a@example.com", password: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, needCode: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("carries a 422's field problems", async () => {
    const { api } = setup(() =>
      answer(422, { error: "Check the endpoint.", fields: { url: "Use an https:// address.", events: 3 } }),
    );
    const err = await api.addWebhook({ url: "http://x", events: [] }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 422,
      message: "Check the endpoint.",
      fields: { url: "Use an https:// address." },
    });
  });

  it("turns an answer that is not the promised JSON into a sentence with its status", async () => {
    const { api } = setup(() => answer(502, undefined, "<html>Bad gateway</html>"));
    await expect(api.dashboard()).rejects.toMatchObject({
      status: 502,
      message: "The server answered in an unexpected way (status 502). Try again in a moment.",
    });
  });

  it("says the server could not be reached when fetch fails", async () => {
    const { api } = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(api.session()).rejects.toMatchObject({ status: 0, message: UNREACHABLE });
  });

  it("returns nothing for 204 and 202", async () => {
    const { api } = setup((url) => answer(url.endsWith("/test") ? 202 : 204));
    await expect(api.deleteContact(7)).resolves.toBeUndefined();
    await expect(api.testWebhook(7)).resolves.toBeUndefined();
  });
});

describe("safeNext", () => {
  it.each([
    ["/admin/contacts?status=new", "/admin/contacts?status=new"],
    ["/admin", "/admin"],
    ["/admin/lesson-plans?ref=TP-ABC#plan", "/admin/lesson-plans?ref=TP-ABC#plan"],
  ])("follows %s", (next, want) => {
    expect(safeNext(next)).toBe(want);
  });

  it.each([
    null,
    "",
    "https://evil.example/admin",
    "//evil.example/admin",
    "/\\evil.example/admin",
    "/administrator",
    "/admin/../contact",
    "/blog",
    "javascript:alert(1)",
    "/admin/sign-in?next=/admin",
  ])("refuses %s and goes to the dashboard", (next) => {
    expect(safeNext(next)).toBe("/admin");
  });

  it("builds the sign-in address it reads back", () => {
    const href = signInHref("/admin/audit?cursor=x");
    const next = new URL(href, "https://example.com").searchParams.get("next");
    expect(safeNext(next)).toBe("/admin/audit?cursor=x");
  });
});

describe("csvHref", () => {
  it("links the CSV with the list's filters but without cursor or limit", () => {
    expect(csvHref("contacts", { q: "ann lee", spam: "1", cursor: "abc", limit: "50", reason: "" })).toBe(
      "/api/admin/contacts.csv?q=ann+lee&spam=1",
    );
  });
});
