// The blog's feeds and discovery (issue 4): RSS, the sitemap and robots.txt, every absolute
// URL on the server's own origin (BASE_URL), checked against the posts in ../content/blog.
import { pathOf, published, tags, xmlTexts } from "./blog-content";
import { expect, serverOrigin, test } from "./fixtures";

test.describe("feeds and discovery", () => {
  test("/rss.xml is RSS 2.0 listing every published post with its full content", async ({
    page,
    request,
  }) => {
    const res = await request.get("/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/(rss\+)?xml/);
    const xml = await res.text();
    await page.goto("/blog");
    expect(await xmlTexts(page, xml, "rss")).toHaveLength(1);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toMatch(/<atom:link href="[^"]+\/rss\.xml" rel="self"/);
    const links = (await xmlTexts(page, xml, "link")).slice(1).map(pathOf);
    for (const link of await xmlTexts(page, xml, "link")) expect(new URL(link).origin).toBe(serverOrigin());
    expect(links).toEqual(published.map((p) => `/blog/${p.slug}`));
    const bodies = await xmlTexts(page, xml, "content:encoded");
    expect(bodies).toHaveLength(published.length);
    for (const body of bodies) expect(body.length).toBeGreaterThan(2000);
  });

  test("every page links the feed", async ({ page }) => {
    for (const pathname of ["/", "/blog", `/blog/${published[0]?.slug}`]) {
      await page.goto(pathname);
      await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        "href",
        "/rss.xml",
      );
    }
  });

  test("/sitemap.xml lists the public pages and every post with lastmod", async ({ page, request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    const xml = await res.text();
    await page.goto("/blog");
    const locs = (await xmlTexts(page, xml, "loc")).map(pathOf);
    for (const loc of await xmlTexts(page, xml, "loc")) expect(new URL(loc).origin).toBe(serverOrigin());
    for (const pathname of ["/", "/blog", "/lesson-plan", "/contact", "/privacy"])
      expect(locs).toContain(pathname);
    for (const tag of tags) expect(locs).toContain(`/blog/tag/${tag}`);
    for (const post of published) {
      expect(locs).toContain(`/blog/${post.slug}`);
      expect(xml).toMatch(
        new RegExp(`/blog/${post.slug}</loc>\\s*<lastmod>${post.updated ?? post.date}</lastmod>`),
      );
    }
    expect(locs).not.toContain("/404");
  });

  test("/robots.txt allows crawling and points to the sitemap", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
    expect(text).toContain(`Sitemap: ${serverOrigin()}/sitemap.xml\n`);
  });
});
