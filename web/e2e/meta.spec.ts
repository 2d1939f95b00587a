// SPEC A8 and issue 2's metadata: the landing page's security meta tags, the real security
// headers on every response (DESIGN §4), JSON-LD with price 0 USD, and each page's SEO tags.
import type { Page } from "@playwright/test";
import { ORIGIN } from "../app/config/pages";
import { expect, gotoHydrated, publicPaths, serverOrigin, test } from "./fixtures";

const keywords = "AI education, teaching assistant, lesson planning, automated grading";

/** directives parses a Content-Security-Policy into directive → sources. */
function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** isIndigo reports whether a #rgb/#rrggbb colour is an indigo: blue well above red and green. */
function isIndigo(color: string): boolean {
  const hex = color.trim().replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return color.trim().toLowerCase() === "indigo";
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return b > r && b > g * 1.2 && r > g;
}

const metaContent = (page: Page, attr: "name" | "property" | "http-equiv", key: string) =>
  page.locator(`head meta[${attr}="${key}"]`);

test.describe("landing page security meta tags (SPEC A8)", () => {
  test("are in the served HTML", async ({ browser, baseURL }) => {
    // JavaScript off: what the server sent, not what scripts added.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const csp = metaContent(page, "http-equiv", "Content-Security-Policy");
    await expect(csp).toHaveCount(1);
    const img = directives((await csp.getAttribute("content")) ?? "").get("img-src") ?? [];
    for (const source of ["'self'", "https://images.unsplash.com", "https://upload.wikimedia.org", "data:"]) {
      expect(img, `img-src allows ${source}`).toContain(source);
    }
    await expect(metaContent(page, "http-equiv", "X-Content-Type-Options")).toHaveAttribute(
      "content",
      "nosniff",
    );
    await expect(metaContent(page, "http-equiv", "X-Frame-Options")).toHaveAttribute("content", /^deny$/i);
    await expect(metaContent(page, "http-equiv", "X-XSS-Protection")).toHaveAttribute(
      "content",
      "1; mode=block",
    );
    await context.close();
  });
});

test.describe("security headers on every response (DESIGN §4)", () => {
  const targets = [...publicPaths, "/no-such-page", "/healthz", "/api/no-such-endpoint", "asset"];
  for (const target of targets) {
    test(`${target}`, async ({ request }) => {
      let path: string = target;
      if (target === "asset") {
        // One hashed asset the landing page references.
        const html = await (await request.get("/")).text();
        const m = html.match(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/);
        expect(m, "the landing page references a hashed asset").not.toBeNull();
        path = m?.[1] ?? "";
      }
      const res = await request.get(path);
      const h = res.headers();
      expect(h["x-frame-options"]).toMatch(/^deny$/i);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["x-xss-protection"]).toBe("1; mode=block");
      expect(h["referrer-policy"], "Referrer-Policy").toBeTruthy();
      expect(h["permissions-policy"], "Permissions-Policy").toBeTruthy();
      expect(h["cross-origin-opener-policy"], "Cross-Origin-Opener-Policy").toBeTruthy();
      const csp = h["content-security-policy"];
      expect(csp, "Content-Security-Policy header").toBeTruthy();
      const d = directives(csp ?? "");
      const scriptSrc = d.get("script-src") ?? d.get("default-src");
      expect(scriptSrc, "script-src (or default-src)").toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    });
  }
});

test.describe("metadata", () => {
  test("/ carries JSON-LD for the product: free, price 0 USD, and the organisation", async ({ page }) => {
    await page.goto("/");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const items = blocks
      .map((b) => JSON.parse(b) as unknown)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((v) => {
        const graph = (v as { "@graph"?: unknown[] })["@graph"];
        return graph ? graph : [v];
      }) as Record<string, unknown>[];
    const app = items.find((i) => i["@type"] === "SoftwareApplication");
    expect(app, "a SoftwareApplication").toBeDefined();
    const offers = app?.offers as Record<string, unknown> | Record<string, unknown>[] | undefined;
    const offer = Array.isArray(offers) ? offers[0] : offers;
    expect(Number(offer?.price)).toBe(0);
    expect(String(offer?.price)).toMatch(/^0(\.0+)?$/);
    expect(offer?.priceCurrency).toBe("USD");
    expect(app?.name).toBe("TeachPilot");
    expect(items.some((i) => i["@type"] === "Organization")).toBe(true);
  });

  for (const path of publicPaths) {
    test(`${path} has its SEO tags, once each`, async ({ page }) => {
      // Each tag once, after hydration too (React renders the head's tags again when it hydrates).
      await gotoHydrated(page, path);
      const one = async (attr: "name" | "property", key: string) => {
        const tag = metaContent(page, attr, key);
        await expect(tag, `${attr}=${key}`).toHaveCount(1);
        return (await tag.getAttribute("content")) ?? "";
      };
      expect((await one("name", "description")).length).toBeGreaterThan(40);
      expect(await one("name", "keywords")).toBe(keywords);
      // SPEC A8's default; the confirmation page, personal to one visitor, opts out of indexing.
      expect(await one("name", "robots")).toMatch(
        path === "/submission-success" ? /^noindex/ : /^index, follow$/,
      );
      expect(await one("name", "revisit-after")).toBe("7 days");
      const theme = await one("name", "theme-color");
      expect(isIndigo(theme), `theme-color ${theme} is indigo`).toBe(true);

      const canonical = page.locator('head link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      const href = (await canonical.getAttribute("href")) ?? "";
      expect(href).toMatch(/^https?:\/\/[^/]+/);
      expect(new URL(href).origin, "canonical on the server's BASE_URL").toBe(serverOrigin());
      expect(new URL(href).pathname.replace(/\/$/, "")).toBe(path.replace(/\/$/, ""));

      expect(await one("property", "og:title")).toMatch(/\w/);
      expect(await one("property", "og:description")).toMatch(/\w/);
      expect(await one("property", "og:type")).toBe("website");
      const ogUrl = new URL(await one("property", "og:url"));
      expect(ogUrl.origin, "og:url on the server's BASE_URL").toBe(serverOrigin());
      expect(ogUrl.pathname.replace(/\/$/, "")).toBe(path.replace(/\/$/, ""));
      expect(await one("property", "og:site_name")).toBe("TeachPilot");
      expect(await one("property", "og:locale")).toBe("en_US");
      expect(await one("property", "og:image")).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)$/);
      expect(new URL(await one("property", "og:image")).origin).toBe(serverOrigin());
      expect(await one("name", "twitter:card")).toMatch(/^summary/);
      expect(await one("name", "twitter:title")).toMatch(/\w/);
      await expect(page).toHaveTitle(/TeachPilot/);
    });
  }

  test("after client-side navigation the head's URLs stay on the server's BASE_URL", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveTitle(/^Blog \|/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${serverOrigin()}/blog`,
    );
    await expect(metaContent(page, "property", "og:url")).toHaveAttribute(
      "content",
      `${serverOrigin()}/blog`,
    );
    expect(await page.content()).not.toContain(ORIGIN);
  });

  test("nothing served carries the build's placeholder origin", async ({ request }) => {
    for (const path of [...publicPaths, "/rss.xml", "/sitemap.xml", "/robots.txt", "/no-such-page"]) {
      const body = await (await request.get(path)).text();
      expect(body.includes(ORIGIN), `${path} mentions ${ORIGIN}`).toBe(false);
      if (/^(\/rss|\/sitemap|\/robots)/.test(path)) expect(body, path).toContain(`${serverOrigin()}/`);
    }
  });

  test("the social image is served at 1200×630", async ({ page, request }) => {
    await page.goto("/");
    const image = (await metaContent(page, "property", "og:image").getAttribute("content")) ?? "";
    const res = await request.get(new URL(image).pathname);
    expect(res.status()).toBe(200);
    const body = await res.body();
    // PNG: width and height are big-endian at bytes 16 and 20 of the IHDR chunk.
    if (body.subarray(1, 4).toString() === "PNG") {
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
    } else {
      await expect(metaContent(page, "property", "og:image:width")).toHaveAttribute("content", "1200");
      await expect(metaContent(page, "property", "og:image:height")).toHaveAttribute("content", "630");
    }
  });
});

test.describe("web app manifest", () => {
  test("the linked manifest names the product, is served as a manifest and its icons load", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('head link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/site.webmanifest");
    const res = await request.get(href ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe("TeachPilot");
    expect(manifest.short_name).toBe("TeachPilot");
    expect(isIndigo(manifest.theme_color), `theme_color ${manifest.theme_color} is indigo`).toBe(true);
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"], icon.src).toBe("image/png");
    }
  });
});
