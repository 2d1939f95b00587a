import { describe, expect, it } from "vitest";
import { ORIGIN } from "~/config/pages";
import { atBuildTime } from "~/lib/test-build-time";
import { isSitemapPage, robotsTxt, rssFeed, sitemapEntries, sitemapXml } from "./feeds.server";
import { testPost } from "./test-posts";

// The feeds are written at build time: every absolute URL is on pages.json's placeholder
// origin (the Go server puts BASE_URL in its place).
const posts = [
  testPost({
    slug: "newer",
    title: "Feedback & <Revision>",
    date: "2026-06-01",
    updated: "2026-06-20",
    tags: ["feedback"],
    html: '<h2 id="a"><a class="heading-anchor" href="#a">A</a></h2><p>See <a href="/blog/older">this</a> ]]> end.</p>',
  }),
  testPost({ slug: "older", date: "2026-05-01", tags: ["grading"] }),
];

function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const error = doc.querySelector("parsererror");
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

describe("rssFeed", () => {
  const doc = parseXml(
    atBuildTime(() =>
      rssFeed(posts, { title: "TeachPilot blog", description: "Ideas for high school teachers." }),
    ),
  );

  it("is RSS 2.0 with a self link", () => {
    expect(doc.documentElement.tagName).toBe("rss");
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const self = doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0];
    expect(self?.getAttribute("href")).toBe(`${ORIGIN}/rss.xml`);
    expect(self?.getAttribute("rel")).toBe("self");
    expect(doc.querySelector("channel > link")?.textContent).toBe(`${ORIGIN}/blog`);
    expect(doc.querySelector("channel > lastBuildDate")?.textContent).toBe("Sat, 20 Jun 2026 00:00:00 GMT");
  });

  it("has one item per post, newest first, with escaped titles, dates and tags", () => {
    const items = [...doc.querySelectorAll("item")];
    expect(items).toHaveLength(2);
    expect(items[0]?.querySelector("title")?.textContent).toBe("Feedback & <Revision>");
    expect(items[0]?.querySelector("link")?.textContent).toBe(`${ORIGIN}/blog/newer`);
    expect(items[0]?.querySelector("guid")?.getAttribute("isPermaLink")).toBe("true");
    expect(items[0]?.querySelector("pubDate")?.textContent).toBe("Mon, 01 Jun 2026 00:00:00 GMT");
    expect(items[0]?.querySelector("category")?.textContent).toBe("feedback");
  });

  it("carries each post's full HTML with absolute links", () => {
    const content = doc.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded")[0];
    expect(content?.textContent).toContain(`<a href="${ORIGIN}/blog/older">this</a> ]]> end.`);
    expect(content?.textContent).toContain(`href="${ORIGIN}/blog/newer#a"`);
  });
});

describe("sitemap", () => {
  const pagePaths = [
    "/",
    "/blog",
    "/contact",
    "/blog/newer",
    "/blog/older",
    "/blog/tag/feedback",
    "/blog/tag/grading",
  ];

  it("lists pages without a date and posts, the blog and tag pages with their last change", () => {
    expect(sitemapEntries(pagePaths, posts)).toEqual([
      { path: "/" },
      { path: "/blog", lastmod: "2026-06-20" },
      { path: "/contact" },
      { path: "/blog/newer", lastmod: "2026-06-20" },
      { path: "/blog/older", lastmod: "2026-05-01" },
      { path: "/blog/tag/feedback", lastmod: "2026-06-20" },
      { path: "/blog/tag/grading", lastmod: "2026-05-01" },
    ]);
  });

  it("is a sitemaps.org URL set of absolute URLs", () => {
    const doc = parseXml(atBuildTime(() => sitemapXml(sitemapEntries(pagePaths, posts))));
    expect(doc.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/blog/newer`);
  });

  it("leaves out the 404 page, utility pages and files", () => {
    for (const path of [
      "/404",
      "/submission-success",
      "/contact/sent",
      "/newsletter/confirm",
      "/newsletter/unsubscribed",
      "/rss.xml",
      "/og/x.png",
      "/blog/page/1",
    ]) {
      expect(isSitemapPage(path)).toBe(false);
    }
    for (const path of ["/", "/blog", "/blog/page/2", "/blog/tag/ai", "/privacy"])
      expect(isSitemapPage(path)).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("allows everything and names the sitemap", () => {
    expect(atBuildTime(robotsTxt)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
