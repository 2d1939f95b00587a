// Paint first, hydrate after (DESIGN §4, issue 10): on a throttled connection every kind of
// pre-rendered page paints (its hero first) before it requests any script; what it asks for
// before that is its HTML, its stylesheet and images. A click on a section link and a
// newsletter post made before hydration work as plain HTML, and when React takes the page
// over nothing moves: no layout shift, no scroll, the same DOM nodes.
import type { APIRequestContext, Page, Route } from "@playwright/test";
import { createPlan, expect, publicPaths, test, uniqueEmail, waitForHydration } from "./fixtures";
import { settledScrollY } from "./scroll";

/** throttle slows the page's network through CDP like Lighthouse's mobile preset (slow 4G). */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1_600 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** holdScripts keeps every JavaScript request waiting until release(): the page cannot hydrate. */
async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  await page.route("**/*.js", async (route: Route) => {
    held++;
    await released;
    // The page may have navigated away meanwhile, which cancels the request.
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

/** isHydrated says whether React owns the page yet (see waitForHydration in fixtures.ts). */
function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector("body > *:not(script)") ?? document.body;
    return Object.keys(el).some((k) => k.startsWith("__reactFiber$") || k.startsWith("__reactProps$"));
  });
}

/**
 * recordLayoutShifts records, in the page, every layout shift from its start and what moved
 * (element, time, rectangles before and after), for the message of a failure.
 *
 * layoutShift counts the shifts from the first contentful paint on: what a visitor could see
 * move. Before it nothing is on screen, and on a slow network the page is laid out while its
 * HTML still arrives: measured beside a second make test, /submission-success was laid out with
 * half its footer parsed, the rest arrived, and the footer moved 7-9 px, 120 ms before the
 * first paint.
 */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const w = window as unknown as { shifts: { at: number; value: number; moved: string[] }[] };
    w.shifts = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        const moved = (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el
            ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${el.className}`
            : "(gone)";
          return `${name.slice(0, 80)}: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`;
        });
        w.shifts.push({ at: e.startTime, value: e.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** shiftsSincePaint are the shifts recorded from the first contentful paint on. */
function shiftsSincePaint(page: Page) {
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const all = (window as unknown as { shifts: { at: number; value: number; moved: string[] }[] }).shifts;
    return { fcp, shifts: all.filter((s) => s.at >= fcp) };
  });
}

/** layoutShift is the layout shift a visitor could see so far (see recordLayoutShifts). */
const layoutShift = async (page: Page) =>
  (await shiftsSincePaint(page)).shifts.reduce((sum, s) => sum + s.value, 0);
/** moved says what moved after the first paint, and when, for a failure's message. */
const moved = async (page: Page) => {
  const { fcp, shifts } = await shiftsSincePaint(page);
  const what = shifts.map((s) => `at ${Math.round(s.at)} ms: ${s.moved.join(", ")}`).join("; ");
  return `first paint at ${Math.round(fcp)} ms; ${what || "nothing moved"}`;
};

/** firstLink returns the first same-site link of /blog whose path matches pattern. */
async function firstLink(request: APIRequestContext, pattern: RegExp): Promise<string> {
  const html = await (await request.get("/blog")).text();
  const href = [...html.matchAll(/href="(\/blog\/[^"#?]+)"/g)]
    .map((m) => m[1] ?? "")
    .find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern} on /blog`);
  return href;
}

/**
 * pages are every kind of pre-rendered page. maxShift is the layout shift allowed while it loads
 * and hydrates: none. (/submission-success is static now: a plan has its own page below it,
 * rendered by the server, and ?ref= is redirected there; plan.spec.ts covers the plan page.)
 */
const pages: { name: string; path: (request: APIRequestContext) => Promise<string>; maxShift?: number }[] = [
  ...publicPaths.map((p) => ({ name: p, path: async () => p })),
  { name: "a blog post", path: (request) => firstLink(request, /^\/blog\/(?!tag\/|page\/)[\w-]+$/) },
  { name: "a tag page", path: (request) => firstLink(request, /^\/blog\/tag\/[\w-]+$/) },
  { name: "the 404 page", path: async () => "/no-such-page" },
];

test.describe("paint first, hydrate after (throttled network)", () => {
  for (const { name, path: pathOf, maxShift = 0 } of pages) {
    test(`${name} paints its hero before any script is requested, then hydrates`, async ({
      page,
      request,
      guard,
    }) => {
      test.slow(); // a slow-4G page load and hydration
      if (name === "the 404 page") guard.allowConsoleError(/status of 404/);
      const path = await pathOf(request);
      await throttle(page);
      await recordLayoutShifts(page);
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await waitForHydration(page);

      const t = await page.evaluate(async () => {
        const firstLcp = await new Promise<{ start: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const e = list.getEntries()[0] as PerformanceEntry & { element: Element | null };
            resolve({ start: e.startTime, element: e.element?.outerHTML.slice(0, 80) ?? "(removed)" });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        });
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          firstLcp,
          load: nav.loadEventStart,
          resources: performance
            .getEntriesByType("resource")
            .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
        };
      });
      const scripts = t.resources.filter((r) => /\.m?js$/.test(r.url));
      expect(scripts.length, "the page loaded its scripts to hydrate").toBeGreaterThan(0);
      const firstScript = Math.min(...scripts.map((r) => r.start));
      expect(t.fcp, "first contentful paint").toBeGreaterThan(0);
      expect(t.fcp, "first paint before the first script request").toBeLessThan(firstScript);
      expect(
        t.firstLcp.start,
        `the first largest-contentful-paint candidate (${t.firstLcp.element}) before the first script request`,
      ).toBeLessThan(firstScript);
      expect(t.load, "the scripts wait for the load event").toBeLessThanOrEqual(firstScript);
      const beforePaint = t.resources.filter((r) => r.start < t.fcp).map((r) => r.url);
      for (const url of beforePaint) {
        expect(url, "requested before first paint: only the stylesheet and images").toMatch(
          /\.(css|svg|png|jpe?g|webp|avif|gif|ico)$/,
        );
      }
      expect(
        await layoutShift(page),
        `layout shift while loading and hydrating (${await moved(page)})`,
      ).toBeLessThanOrEqual(maxShift);
    });
  }
});

test("the plan page paints before its one script is requested, which then adds its buttons", async ({
  page,
  request,
}) => {
  test.slow(); // a slow-4G page load
  const { url } = await createPlan(request, "Paint first on the plan page");
  await throttle(page);
  await recordLayoutShifts(page);
  await page.goto(url);
  await expect(page.locator("article.lesson-plan")).toBeVisible();
  await expect(page.locator("[data-plan-actions]").getByRole("button", { name: "Print" })).toBeVisible();
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      load: nav.loadEventStart,
      resources: performance
        .getEntriesByType("resource")
        .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
    };
  });
  const scripts = t.resources.filter((r) => /\.m?js$/.test(r.url));
  expect(scripts.map((r) => r.url)).toEqual(["/plan-page.js"]);
  const script = scripts[0]?.start ?? Number.NaN;
  expect(t.fcp, "first contentful paint").toBeGreaterThan(0);
  expect(t.fcp, "first paint before the script request").toBeLessThan(script);
  expect(t.load, "the script waits for the load event").toBeLessThanOrEqual(script);
  for (const r of t.resources.filter((r) => r.start < t.fcp)) {
    expect(r.url, "requested before first paint: only the stylesheet and images").toMatch(
      /\.(css|svg|png|jpe?g|webp|avif|gif|ico)$/,
    );
  }
  expect(
    await layoutShift(page),
    `layout shift while loading and adding the buttons (${await moved(page)})`,
  ).toBe(0);
});

test.describe("before hydration (scripts held back)", () => {
  test("Features on /blog goes to the landing page's section; hydration then moves nothing and section navigation works", async ({
    page,
  }) => {
    test.slow(); // two throttled page loads
    await throttle(page);
    await recordLayoutShifts(page);
    const scripts = await holdScripts(page);
    await page.goto("/blog");
    await expect.poll(scripts.held, "the page asked for its scripts after load").toBeGreaterThan(0);
    expect(await isHydrated(page), "not hydrated: its scripts are held").toBe(false);

    await page.getByRole("banner").getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    const features = page.locator("section#features");
    await expect(features).toBeInViewport();
    expect(await isHydrated(page), "the landing page is not hydrated either").toBe(false);
    const y = await settledScrollY(page);
    // Mark the nodes: hydration must adopt them, not replace them (a replacement is a flicker).
    await page.evaluate(() => {
      for (const el of document.querySelectorAll("h1, section#features, footer form")) {
        (el as unknown as { kept: boolean }).kept = true;
      }
    });

    scripts.release();
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await settledScrollY(page), "hydration did not scroll").toBe(y);
    expect(await layoutShift(page), `layout shift (${await moved(page)})`).toBe(0);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll("h1, section#features, footer form")].every(
          (el) => (el as unknown as { kept?: boolean }).kept === true,
        ),
      ),
      "the pre-rendered nodes are the ones React hydrated",
    ).toBe(true);

    // React's section navigation now: a smooth scroll to Benefits, no reload.
    await page.getByRole("banner").getByRole("link", { name: "Benefits", exact: true }).click();
    await expect
      .poll(async () => {
        await settledScrollY(page);
        return page.locator("section#benefits").evaluate((el) => Math.round(el.getBoundingClientRect().top));
      })
      .toBeLessThanOrEqual(160);
    expect(
      await page.evaluate(() => (document.querySelector("h1") as unknown as { kept?: boolean }).kept),
      "no reload",
    ).toBe(true);
  });

  test("a newsletter subscription posted before hydration is a plain form post that works", async ({
    page,
    serverLog,
  }) => {
    test.slow(); // throttled page loads
    await throttle(page);
    const scripts = await holdScripts(page);
    const email = uniqueEmail("before-hydration");
    await page.goto("/");
    await expect.poll(scripts.held, "the page asked for its scripts after load").toBeGreaterThan(0);
    expect(await isHydrated(page), "not hydrated: its scripts are held").toBe(false);

    const box = page.getByRole("contentinfo").locator("form");
    await box.getByRole("textbox", { name: "Email address" }).fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter\/check-email$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
    await serverLog.waitForEmail(email);
    scripts.release();
  });
});
