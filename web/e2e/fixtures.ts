/**
 * Shared fixtures for every end-to-end spec. Import from here, not from "@playwright/test":
 *
 *   import { checkA11y, expect, gotoHydrated, test, uniqueEmail } from "./fixtures";
 *
 * The server. e2e/global-setup.ts starts the real binary ../bin/site once per run (build it
 * first: `make test-e2e` does) on a free port in 18100–18199, shared by both workers, with:
 *   ADDR=127.0.0.1:<port>   BASE_URL=http://127.0.0.1:<port>   LOG_LEVEL=debug
 *   DATABASE_URL=sqlite:<tmpdir>/e2e.db   (a fresh database per run, deleted afterwards)
 *   SMTP_URL unset          → the outbox logs each email as a JSON line instead of sending it
 *   RATE_LIMIT=off          → forms can be submitted many times from one address
 * and passes on to the workers, as environment variables:
 *   E2E_BASE_URL     the site's origin (also `baseURL`, so page.goto("/blog") and request.get work)
 *   E2E_SERVER_LOG   the server's stdout+stderr (JSON lines), copied to test-results/server.log
 *   E2E_DATA_DIR     the temp dir holding the database and the log
 *   E2E_DATABASE_URL the server's DATABASE_URL (the CLI, e.g. `site admin add`, uses the same)
 *   E2E_SITE_BINARY  the absolute path of the binary under test
 *   ADMIN_SECRET_KEY the console's TOTP sealing key (a fresh one per run unless given)
 * Tests run in parallel against one server and one database: give every record you create
 * something unique (uniqueEmail()) and look only for that in the log or the pages.
 *
 * Fixtures every test gets:
 * - page: guarded. The test fails if the page logs a console error, throws an uncaught error,
 *   or requests anything from an origin other than the site (data:, blob: and about: are fine).
 *   A test that provokes an error on purpose says so first: guard.allowConsoleError(/404/).
 * - guard: { allowConsoleError(pattern), consoleErrors, foreignRequests } for that page.
 * - serverLog: the server's log from the moment the test started.
 *     await serverLog.entries()                  parsed JSON lines written since the test began
 *     await serverLog.waitFor((e) => e.msg === "…") first matching entry (polls, 10 s default, scaled: e2e/timeouts.ts)
 *     await serverLog.waitForEmail(address)      the logged email sent to that address, with
 *                                                every URL found in it: { entry, links }
 *   so a newsletter test can do:
 *     const { links } = await serverLog.waitForEmail(email);
 *     await page.goto(links.find((l) => l.includes("/confirm"))!);
 *
 * Helpers:
 * - checkA11y(page, { exclude?, disableRules? }): axe-core with the WCAG 2.0/2.1/2.2 A and AA
 *   tags; fails with a readable list of every violation and the elements involved.
 * - gotoHydrated(page, path): page.goto, then wait until React has hydrated, so clicks and
 *   typing reach React's handlers and not only the pre-rendered HTML.
 * - uniqueEmail(label): a fresh address like "newsletter-1a2b3c@example.com".
 * - serverOrigin(): the server's origin (E2E_BASE_URL), which every absolute URL the site
 *   serves (canonical, og:url, feed, sitemap, robots, emails) must be on: the build writes a
 *   placeholder that the server replaces with its BASE_URL.
 * - publicPaths: the pages web/pages.json marks `public` (specs loop over it for axe, headers
 *   and metadata). Blog posts and the unknown-slug 404 are covered in blog.spec.ts.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { publicPaths as tablePublicPaths } from "../app/config/pages";
import { scaled } from "./timeouts";

export { expect };

/** publicPaths are the pages web/pages.json marks `public`: SPEC A2's (blog posts aside) and /privacy. */
export const publicPaths: readonly string[] = tablePublicPaths();

/** Guard records what a page did that a healthy page never does. */
export type Guard = {
  /** allowConsoleError lets console errors matching pattern pass (for tests that provoke them). */
  allowConsoleError(pattern: RegExp): void;
  consoleErrors: string[];
  foreignRequests: string[];
};

/** LogEntry is one JSON line of the server's log (slog's JSON handler: time, level, msg, …). */
export type LogEntry = Record<string, unknown> & { msg?: string; level?: string };

/** ServerLog reads the shared server log, from the point where the test started. */
export type ServerLog = {
  path: string;
  /** entries are the JSON lines written since the test began; other lines are skipped. */
  entries(): Promise<LogEntry[]>;
  /** waitFor polls until an entry matches and returns it. */
  waitFor(match: (e: LogEntry) => boolean, options?: { timeout?: number }): Promise<LogEntry>;
  /** waitForEmail returns the first logged entry mentioning address, and every URL in it. */
  waitForEmail(
    address: string,
    options?: { timeout?: number },
  ): Promise<{ entry: LogEntry; links: string[] }>;
};

type Fixtures = { guard: Guard; serverLog: ServerLog };

/** urlsIn collects every http(s) URL found in any string inside value. */
export function urlsIn(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      for (const m of v.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)) out.push(m[0]);
    } else if (Array.isArray(v)) {
      v.forEach(walk);
    } else if (v && typeof v === "object") {
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  return [...new Set(out)];
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  guard: async ({}, use) => {
    // SPEC A8 requires the frame-deny meta tag on the landing page, and Chromium reports
    // every such tag as a console error (the real header is what protects). That one
    // message is expected; meta.spec.ts checks the header is sent.
    const allowed: RegExp[] = [/^console\.error: X-Frame-Options may only be set via an HTTP header/];
    const guard: Guard = {
      allowConsoleError: (p) => {
        allowed.push(p);
      },
      consoleErrors: [],
      foreignRequests: [],
    };
    await use(guard);
    const unexpected = guard.consoleErrors.filter((e) => !allowed.some((p) => p.test(e)));
    expect(unexpected, "console errors and uncaught page errors").toEqual([]);
    expect(guard.foreignRequests, "requests to hosts other than the site").toEqual([]);
  },

  page: async ({ page, guard, baseURL }, use) => {
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    page.on("console", (msg) => {
      if (msg.type() === "error") {
        const loc = msg.location();
        guard.consoleErrors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url})` : ""}`);
      }
    });
    page.on("pageerror", (err) => guard.consoleErrors.push(`uncaught: ${err.message}`));
    page.context().on("request", (req) => {
      const url = req.url();
      if (/^(data|blob|about):/.test(url)) return;
      if (new URL(url).origin !== origin) guard.foreignRequests.push(url);
    });
    await use(page);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  serverLog: async ({}, use) => {
    const path = process.env.E2E_SERVER_LOG;
    if (!path) throw new Error("E2E_SERVER_LOG is not set: run through playwright.config.ts");
    const startAt = (await readFile(path)).length;
    const entries = async (): Promise<LogEntry[]> => {
      const text = (await readFile(path)).subarray(startAt).toString("utf8");
      const out: LogEntry[] = [];
      for (const line of text.split("\n")) {
        if (!line.startsWith("{")) continue;
        try {
          out.push(JSON.parse(line) as LogEntry);
        } catch {
          // A line still being written; the next poll sees it whole.
        }
      }
      return out;
    };
    const waitFor: ServerLog["waitFor"] = async (match, options) => {
      let found: LogEntry | undefined;
      await expect
        .poll(
          async () => {
            found = (await entries()).find(match);
            return found !== undefined;
          },
          { timeout: options?.timeout ?? scaled(10_000), message: `a server log entry matching ${match}` },
        )
        .toBe(true);
      return found as LogEntry;
    };
    await use({
      path,
      entries,
      waitFor,
      waitForEmail: async (address, options) => {
        const entry = await waitFor((e) => JSON.stringify(e).includes(address), options);
        return { entry, links: urlsIn(entry) };
      },
    });
  },
});

/** A11yOptions narrow an axe run; use them sparingly and say why in the test. */
export type A11yOptions = { exclude?: string[]; disableRules?: string[] };

/** checkA11y runs axe-core on the page as it is now and fails on any WCAG 2.2 A/AA violation. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const report = violations.map((v) => {
    const nodes = v.nodes
      .map((n) => `    - ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
      .join("\n");
    return `[${v.impact ?? "?"}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
  });
  expect(report.join("\n\n"), `axe violations on ${page.url()}`).toBe("");
}

/** gotoHydrated navigates to path and waits until React has hydrated the document. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** waitForHydration waits until React owns the DOM (its fiber keys appear on the body's elements). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector("body > *:not(script)") ?? document.body;
    return Object.keys(el).some((k) => k.startsWith("__reactFiber$") || k.startsWith("__reactProps$"));
  });
}

/** serverOrigin is the origin of the server under test, as its BASE_URL names it. */
export function serverOrigin(): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error("E2E_BASE_URL is not set: run through playwright.config.ts");
  return new URL(base).origin;
}

/** uniqueEmail returns an address no other test (or run) uses, labelled for reading logs. */
export function uniqueEmail(label = "e2e"): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}-${id}@example.com`;
}

/** createPlan asks the API for a plan and returns its page's path and reference. */
export async function createPlan(
  request: APIRequestContext,
  topic: string,
): Promise<{ url: string; reference: string }> {
  const res = await request.post("/api/lesson-plans", {
    headers: { Accept: "application/json" },
    data: {
      email: uniqueEmail("plan-api"),
      subject: "science",
      grade: "10",
      topic,
      duration: 45,
      instructionalModel: "5e",
      differentiation: ["english-learners"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { reference: string; planUrl: string };
  expect(body.planUrl).toBe(`/submission-success/${body.reference}`);
  return { url: body.planUrl, reference: body.reference };
}
