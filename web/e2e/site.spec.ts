// Every route of SPEC A2 plus /privacy and the 404 page (A2, B1), "Loading..." while a lazily
// loaded route's code is on its way (A2), and the route error boundary (A7).
import type { Route } from "@playwright/test";
import { expect, gotoHydrated, publicPaths, test } from "./fixtures";

/**
 * headings: what each page's h1 says, loosely (the pages' own issues fix their wording); a
 * public page not listed here only needs an h1 with some text.
 */
const headings = {
  "/": /\w/,
  "/blog": /blog/i,
  "/lesson-plan": /lesson plan/i,
  "/submission-success": /\w/,
  "/contact": /contact|touch|talk/i,
  "/privacy": /privacy/i,
} satisfies Record<string, RegExp>;
const headingOf = (path: string): RegExp => (headings as Record<string, RegExp>)[path] ?? /\w/;

test.describe("every route renders", () => {
  for (const path of publicPaths) {
    test(`${path} is served pre-rendered and renders in the site's layout`, async ({ page, request }) => {
      // Pre-rendered: the server answers with the page's own HTML, heading included.
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/<h1[\s>]/);

      const nav = await page.goto(path);
      expect(nav?.status()).toBe(200);
      await expect(page).toHaveTitle(/TeachPilot/);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(headingOf(path));
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveCount(1);
    });
  }

  test("/privacy says what is collected, why, for how long, and how to have it deleted", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main).toContainText(/collect/i);
    await expect(main).toContainText(/delet/i);
    await expect(main).toContainText(/student/i);
    await expect(main).toContainText(/(keep|retain|retention)/i);
  });
});

test.describe("not found", () => {
  test("an unknown path gets the helpful 404 page with status 404", async ({ page, request, guard }) => {
    const res = await request.get("/no-such-page");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toMatch(/^text\/html/);

    guard.allowConsoleError(/status of 404/);
    const nav = await page.goto("/no-such-page");
    expect(nav?.status()).toBe(404);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(/not found/i);
    // Helpful: ways on, home first.
    await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("main").locator('a[href="/"]')).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a nested unknown path is a 404 too", async ({ request }) => {
    expect((await request.get("/some/deep/unknown/path")).status()).toBe(404);
    expect((await request.get("/assets/no-such-file.js")).status()).toBe(404);
  });

  test("an unknown /api path answers JSON 404", async ({ request }) => {
    const res = await request.get("/api/no-such-endpoint");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  });

  test("client-side navigation to an unknown path shows the 404 page", async ({ page }) => {
    await gotoHydrated(page, "/");
    // No page links to a missing path, so navigate the way a Link would: through the router.
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter?: { navigate(to: string): unknown } })
        .__reactRouterDataRouter;
      if (!router) throw new Error("window.__reactRouterDataRouter is not set");
      return router.navigate("/no-such-page");
    });
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(/not found/i);
  });
});

/** holdChunk delays the route module chunk matching pattern until release() is called. */
async function holdChunk(page: import("@playwright/test").Page, pattern: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  await page.route(pattern, async (route: Route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

test.describe("lazy routes", () => {
  test('"Loading..." is shown and announced while a route\'s code is held back', async ({ page }) => {
    await gotoHydrated(page, "/");
    const chunk = await holdChunk(page, "**/assets/contact-*.js");
    const status = page.getByRole("status").filter({ hasText: "Loading..." });

    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us", exact: true }).click();
    await expect(status).toBeVisible();
    await expect(status).toHaveText("Loading...");
    // A polite live region: role=status implies aria-live=polite; an explicit value must agree.
    expect([null, "polite"]).toContain(await status.getAttribute("aria-live"));
    expect(chunk.held(), "the contact route's chunk was requested lazily").toBeGreaterThan(0);

    chunk.release();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(headings["/contact"]);
    await expect(page.getByText("Loading...", { exact: true })).toBeHidden();
  });

  for (const [link, where, pattern] of [
    ["Blog", "banner", "**/assets/blog-*.js"],
    ["Try Now", "banner", "**/assets/lesson-plan-*.js"],
  ] as const) {
    test(`"Loading..." is shown on the way to ${link}`, async ({ page }) => {
      await gotoHydrated(page, "/privacy");
      const chunk = await holdChunk(page, pattern);
      await page.getByRole(where).getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
      chunk.release();
      await expect(page.getByText("Loading...", { exact: true })).toBeHidden();
    });
  }
});

test.describe("errors", () => {
  test("a route that fails shows the error boundary inside the layout", async ({ page, guard }) => {
    const message = "E2E: the contact page failed to render";
    // React and React Router report the error on the console; that is expected here.
    guard.allowConsoleError(new RegExp(message));
    guard.allowConsoleError(/error occurred in|React Router caught the following error|Error handled by/i);

    await gotoHydrated(page, "/");
    // Replace the contact route's module with one whose component throws: a route error.
    await page.route("**/assets/contact-*.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `export default function ContactPage() { throw new Error(${JSON.stringify(message)}); }`,
      }),
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us", exact: true }).click();

    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(main).toContainText(message);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(main.locator('a[href="/"]')).toBeVisible();
  });
});
