// The landing page of SPEC A1/A2/A5: its sections in order with their exact texts, the same
// texts in the served HTML before any script runs, where its links go, the header's section
// navigation (also from another page, clearing the navigation state), and the menu at 375 px.
import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, test, waitForHydration } from "./fixtures";
import { settledScrollY } from "./scroll";

/** features, benefits: SPEC A1, matched whole and case-insensitively ("AI lesson planning"). */
const features = [
  "AI lesson planning",
  "automated grading",
  "curriculum management",
  "automated student feedback",
  "progress tracking with analytics",
  "smart scheduling",
];
const benefits = ["save time", "better results", "stay organised", "grow professionally"];

const exact = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "i");

const section = (page: Page, id: string): Locator => page.locator(`section#${id}`);

/**
 * expectScrolledTo waits until the page has scrolled the section to the top of the viewport
 * (below the sticky header), or as far as the page can scroll, and the scroll has come to
 * rest. Merely "in the viewport" would pass without any scrolling for a section that peeks in
 * below the hero; a read during the smooth scroll would pass on a position it only goes by.
 */
async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await settledScrollY(page);
        return page.evaluate((sel) => {
          const el = document.querySelector(sel);
          if (!el) return `no ${sel}`;
          const top = Math.round(el.getBoundingClientRect().top);
          const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          return (top >= -2 && top <= 160) || (atBottom && top < window.innerHeight / 2)
            ? "at top"
            : `top at ${top}px`;
        }, `section#${id}`);
      },
      { message: `section #${id} scrolled to the top of the viewport` },
    )
    .toBe("at top");
}

/** expectLandingContent checks every SPEC A1/A2 text of the landing page as a user sees it. */
async function expectLandingContent(page: Page): Promise<void> {
  const main = page.getByRole("main");
  const banner = page.getByRole("banner");
  const footer = page.getByRole("contentinfo");

  // Header: logo and name, the three section items, Blog, Try Now.
  await expect(banner.getByRole("link", { name: "TeachPilot" })).toHaveAttribute("href", "/");
  for (const name of ["Features", "Benefits", "Testimonials", "Blog", "Try Now"]) {
    await expect(banner.getByRole("link", { name, exact: true })).toHaveCount(1);
  }

  // Hero.
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Try Now!", exact: true })).toBeVisible();

  // Six features, each a heading in the features section.
  const featureHeadings = section(page, "features").getByRole("heading", { level: 3 });
  await expect(featureHeadings).toHaveCount(6);
  for (const [i, title] of features.entries()) {
    await expect(featureHeadings.nth(i)).toHaveText(exact(title));
  }
  // "with icons": every feature item carries an icon (an svg) beside its title.
  await expect(section(page, "features").getByRole("listitem").locator("svg")).toHaveCount(6);

  // Four benefits, with the 60% claim.
  const benefitHeadings = section(page, "benefits").getByRole("heading", { level: 3 });
  await expect(benefitHeadings).toHaveCount(4);
  for (const [i, title] of benefits.entries()) {
    await expect(benefitHeadings.nth(i)).toHaveText(exact(title));
  }
  await expect(section(page, "benefits")).toContainText(/up to 60% (less|reduction in) administrative work/i);

  // Three testimonials: quote, author, role and photo each.
  const testimonials = section(page, "testimonials").getByRole("figure");
  await expect(testimonials).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const t = testimonials.nth(i);
    await expect(t.locator("blockquote")).toHaveText(/\w{3,}.*\w{3,}/s);
    const photo = t.getByRole("img");
    await expect(photo).toHaveAttribute("alt", /\w/);
    await expect(photo).toHaveAttribute("width", /^\d+$/);
    await expect(photo).toHaveAttribute("height", /^\d+$/);
    // The caption holds the photo, the author and the role: two lines of text.
    const caption = t.locator("figcaption");
    const lines = (await caption.locator("*:not(:has(*))").allTextContents()).filter((l) => l.trim() !== "");
    expect(lines.length, `testimonial ${i + 1}: author and role in the caption`).toBeGreaterThanOrEqual(2);
  }

  // CTA band.
  await expect(main.getByRole("link", { name: "Try Now", exact: true })).toBeVisible();

  // Footer: Product and Company columns, Stay Updated box, copyright 2025.
  await expect(footer.getByRole("heading", { name: "Product", exact: true })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Company", exact: true })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Stay Updated", exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Features", exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(footer.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("href", "/blog");
  const email = footer.getByPlaceholder("Enter your email", { exact: true });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAccessibleName(/\w/);
  await expect(footer.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(footer).toContainText(/(©|copyright).*2025|2025.*(©|copyright)/i);
}

test.describe("landing page", () => {
  test("shows every section of SPEC A1 with its texts", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page).toHaveTitle(/TeachPilot/);
    await expectLandingContent(page);
  });

  test("is complete before any script runs (JavaScript disabled)", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expectLandingContent(page);
    await context.close();
  });

  test("sections come in the order of SPEC A1", async ({ page }) => {
    await page.goto("/");
    // Document order of: header, hero (Try Now!), features, benefits, testimonials,
    // CTA (Try Now), footer.
    const landmarks = [
      page.getByRole("banner"),
      page.getByRole("main").getByRole("link", { name: "Try Now!", exact: true }),
      section(page, "features"),
      section(page, "benefits"),
      section(page, "testimonials"),
      page.getByRole("main").getByRole("link", { name: "Try Now", exact: true }),
      page.getByRole("contentinfo"),
    ];
    const handles = await Promise.all(landmarks.map((l) => l.elementHandle()));
    const ordered = await page.evaluate(
      (els) =>
        els.every(
          (el, i) =>
            i === 0 ||
            Boolean(els[i - 1]?.compareDocumentPosition(el as Node) === Node.DOCUMENT_POSITION_FOLLOWING),
        ),
      handles,
    );
    expect(ordered, "header, hero, features, benefits, testimonials, CTA, footer in that order").toBe(true);
  });

  test("the served HTML already holds every text (no JavaScript)", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await res.text();
    const text = html
      .replace(/<script[\s\S]*?<\/script>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&nbsp;|\s+/g, " ");
    for (const t of [...features, ...benefits, "Try Now!", "Try Now", "Product", "Company", "Stay Updated"]) {
      expect(text, `"${t}" in the HTML`).toMatch(new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"));
    }
    expect(text).toMatch(/up to 60% (less|reduction in) administrative work/i);
    expect(text).toMatch(/Subscribe/);
    expect(text).toMatch(/2025/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*>/);
    expect(html).toMatch(/placeholder="Enter your email"/);
    expect(html.match(/<blockquote/g) ?? []).toHaveLength(3);
    for (const id of ["features", "benefits", "testimonials"]) {
      expect(html, `section id ${id}`).toMatch(new RegExp(`id="${id}"`));
      expect(html, `a plain /#${id} link`).toMatch(new RegExp(`href="/#${id}"`));
    }
  });

  test("plain /#features links work without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/#benefits");
    await expect(section(page, "benefits")).toBeInViewport();
    await context.close();
  });
});

test.describe("landing page links", () => {
  test("the logo goes home", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    await page.getByRole("banner").getByRole("link", { name: "TeachPilot" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("section#features")).toBeAttached();
  });

  const targets: { name: string; where: "banner" | "main" | "contentinfo"; path: string }[] = [
    { name: "Blog", where: "banner", path: "/blog" },
    { name: "Try Now", where: "banner", path: "/lesson-plan" },
    { name: "Try Now!", where: "main", path: "/lesson-plan" },
    { name: "Try Now", where: "main", path: "/lesson-plan" },
    { name: "Contact Us", where: "contentinfo", path: "/contact" },
    { name: "Blog", where: "contentinfo", path: "/blog" },
  ];
  for (const { name, where, path } of targets) {
    test(`${where} "${name}" goes to ${path}`, async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole(where).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test.describe("section navigation", () => {
  test("on / each header item scrolls to its section", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("banner");
    for (const [name, id] of [
      ["Testimonials", "testimonials"],
      ["Benefits", "benefits"],
      ["Features", "features"],
    ] as const) {
      await banner.getByRole("link", { name, exact: true }).click();
      await expectScrolledTo(page, id);
      await expect(page).toHaveURL(/\/(#\w+)?$/);
    }
  });

  test("from /blog, Features goes to / and scrolls there, then clears the navigation state", async ({
    page,
  }) => {
    await gotoHydrated(page, "/blog");
    await page.getByRole("banner").getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(/\/(#features)?$/);
    await expectScrolledTo(page, "features");
    // Client-side navigation (no reload), and the scroll target is gone from history state.
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(window.history.state?.usr ?? null)))
      .not.toMatch(/features/);
    // A reload must not scroll again: the state was cleared. Go to the top at once (not
    // smoothly) and reload only once the page rests there, or the reload keeps a position
    // taken mid-scroll.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect.poll(() => settledScrollY(page)).toBe(0);
    // Every scroll of the reloaded document is recorded from its first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { scrolls: number[] };
      w.scrolls = [];
      addEventListener("scroll", () => w.scrolls.push(window.scrollY), { passive: true });
    });
    await page.reload();
    await waitForHydration(page);
    // The landing page acts on navigation state in an effect after hydration: wait until the
    // page is idle (effects have run), then until the scroll position rests. A wrong smooth
    // scroll would have moved it by then.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await settledScrollY(page)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls)).toEqual([]);
  });
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the navigation is hidden and the menu button reveals it", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("banner");
    const menu = banner.getByRole("button", { name: /menu/i });
    const links = ["Features", "Benefits", "Testimonials", "Blog", "Try Now"].map((name) =>
      banner.getByRole("link", { name, exact: true }),
    );
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    for (const link of links) await expect(link).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const link of links) await expect(link).toBeVisible();

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    for (const link of links) await expect(link).toBeHidden();
  });

  test("a revealed section item scrolls to its section", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: /menu/i }).click();
    await banner.getByRole("link", { name: "Testimonials", exact: true }).click();
    await expectScrolledTo(page, "testimonials");
  });
});

test.describe("at 1280 px wide", () => {
  test("the navigation is shown and there is no menu button", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: /menu/i })).toBeHidden();
    for (const name of ["Features", "Benefits", "Testimonials", "Blog", "Try Now"]) {
      await expect(banner.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });
});
