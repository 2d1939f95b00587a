import { pathOf } from "~/config/pages";

// The console's client for /api/admin/ (the contract in issue 11): same-origin fetches with the
// session cookie, JSON in and out, and one error shape. A 401 on any call but the sign-in
// itself sends the browser to the sign-in page, which brings it back here afterwards.

/** API is where the console's endpoints live. */
export const API = "/api/admin";

/** ApiError is a refused or failed call: the server's sentence, and what else it said. */
export class ApiError extends Error {
  /** status is the HTTP status (0 when the server could not be reached). */
  readonly status: number;
  /** fields are per-field problems of a 422 answer, keyed by field name. */
  readonly fields: Record<string, string>;
  /** needCode: the password was right and the account asks for its TOTP code. */
  readonly needCode: boolean;

  constructor(status: number, message: string, fields: Record<string, string> = {}, needCode = false) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fields = fields;
    this.needCode = needCode;
  }
}

/** UNREACHABLE is the message of a call that got no answer at all. */
export const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

/** unexpected is the message of an answer that is not the JSON the contract promises. */
export function unexpected(status: number): string {
  return `The server answered in an unexpected way (status ${status}). Try again in a moment.`;
}

/**
 * safeNext is where sign-in may send the browser: next when it is a path on this site under
 * /admin (never the sign-in page itself, never another origin, "//host" or "/\host"), else
 * the dashboard.
 */
export function safeNext(next: string | null | undefined): string {
  const home = pathOf("adminDashboard");
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return home;
  let url: URL;
  try {
    url = new URL(next, "https://console.invalid");
  } catch {
    return home;
  }
  if (url.origin !== "https://console.invalid") return home;
  const underAdmin = url.pathname === home || url.pathname.startsWith(`${home}/`);
  if (!underAdmin || url.pathname === pathOf("adminSignIn")) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** signInHref is the sign-in page, asked to come back to next afterwards. */
export function signInHref(next: string): string {
  return `${pathOf("adminSignIn")}?${new URLSearchParams({ next })}`;
}

/** ClientOptions are what a client needs from its surroundings (tests pass their own). */
export interface ClientOptions {
  fetch?: typeof fetch;
  /** navigate loads another page (a full load: the session is gone). */
  navigate?: (href: string) => void;
  /** here is the current path and query, to come back to after signing in. */
  here?: () => string;
}

/** RequestOptions describe one call. */
export interface RequestOptions {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  /** signIn: a 401 is the answer to show (a wrong password), not a reason to leave the page. */
  signIn?: boolean;
}

/** Client calls the console's API. */
export interface Client {
  /** call sends one request and returns its JSON (undefined for 202/204), or throws ApiError. */
  call<T>(path: string, options?: RequestOptions): Promise<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** createClient makes a client; by default it uses the browser's fetch and location. */
export function createClient(options: ClientOptions = {}): Client {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const navigate = options.navigate ?? ((href: string) => window.location.assign(href));
  const here = options.here ?? (() => `${window.location.pathname}${window.location.search}`);

  return {
    async call<T>(path: string, { method = "GET", body, signIn = false }: RequestOptions = {}): Promise<T> {
      const headers: Record<string, string> = { Accept: "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      let res: Response;
      try {
        res = await doFetch(`${API}${path}`, {
          method,
          headers,
          credentials: "same-origin",
          cache: "no-store",
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw new ApiError(0, UNREACHABLE);
      }
      if (res.status === 204 || res.status === 202) return undefined as T;
      let data: unknown;
      try {
        data = await res.json();
      } catch {
        data = undefined;
      }
      if (res.status === 401 && !signIn) {
        navigate(signInHref(here()));
        throw new ApiError(
          401,
          isRecord(data) && typeof data.error === "string" ? data.error : "Please sign in.",
        );
      }
      if (!res.ok) {
        if (isRecord(data) && typeof data.error === "string") {
          throw new ApiError(res.status, data.error, stringFields(data.fields), data.needCode === true);
        }
        throw new ApiError(res.status, unexpected(res.status));
      }
      if (data === undefined) throw new ApiError(res.status, unexpected(res.status));
      return data as T;
    },
  };
}

/** errorMessage is what to tell a person about a failed call. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : UNREACHABLE;
}
