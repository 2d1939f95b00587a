import { describe, expect, it } from "vitest";
import { ORIGIN } from "~/config/pages";
import { paths } from "~/config/site";
import { articleMeta } from "~/features/blog/meta";
import { testPost } from "~/features/blog/test-posts";
import { absoluteUrl, siteOrigin } from "./absolute-url";
import { organizationJsonLd, seo, softwareApplicationJsonLd } from "./seo";
import { atBuildTime } from "./test-build-time";

/** urlsIn collects every absolute http(s) URL anywhere in value, schema.org's vocabulary aside. */
function urlsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/https?:\/\/[^"\s\\]+/g)]
    .map((m) => m[0])
    .filter((url) => url !== "https://schema.org");
}

function head() {
  return [
    ...seo({
      title: "Contact",
      description: "Talk to the team.",
      url: paths.contact,
      jsonLd: [organizationJsonLd(), softwareApplicationJsonLd()],
    }),
    ...articleMeta(testPost({ slug: "a-post" })),
  ];
}

describe("absoluteUrl", () => {
  it("writes every absolute URL of a page's head on the placeholder origin at build time", () => {
    const urls = urlsIn(atBuildTime(head));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.startsWith(`${ORIGIN}/`))).toEqual([]);
    expect(atBuildTime(siteOrigin)).toBe(ORIGIN);
    expect(atBuildTime(() => absoluteUrl(paths.blogPost("a-post")))).toBe(`${ORIGIN}/blog/a-post`);
  });

  it("uses the origin of the served canonical link in the browser, as the server wrote it", () => {
    const link = document.createElement("link");
    link.rel = "canonical";
    link.href = "https://b.example/blog";
    document.head.append(link);
    try {
      expect(siteOrigin()).toBe("https://b.example");
      expect(absoluteUrl(paths.contact)).toBe("https://b.example/contact");
    } finally {
      link.remove();
    }
  });

  it("uses the page's own origin in the browser when the page has no canonical link", () => {
    expect(siteOrigin()).toBe(window.location.origin);
    expect(absoluteUrl(paths.contact)).toBe(`${window.location.origin}/contact`);
    const urls = urlsIn(head());
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.startsWith(`${window.location.origin}/`))).toEqual([]);
    expect(JSON.stringify(head())).not.toContain(ORIGIN);
  });

  it("lets absolute URLs through and adds the slash a bare path lacks", () => {
    expect(absoluteUrl("https://images.example/cover.png")).toBe("https://images.example/cover.png");
    expect(atBuildTime(() => absoluteUrl("og-image.png"))).toBe(`${ORIGIN}/og-image.png`);
  });
});
