// @vitest-environment node
// Node, as when the build pre-renders a page's head: URLs are on pages.json's placeholder
// origin, which the Go server replaces with BASE_URL.
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { ORIGIN as siteUrl } from "~/config/pages";
import { paths } from "~/config/site";
import { organizationJsonLd, pageTitle, seo, softwareApplicationJsonLd } from "./seo";

function prop(tags: MetaDescriptor[], property: string): string[] {
  return tags.flatMap((t) => ("property" in t && t.property === property ? [String(t.content)] : []));
}

function named(tags: MetaDescriptor[], name: string): string | undefined {
  const tag = tags.find((t) => "name" in t && t.name === name);
  return tag && "content" in tag ? String(tag.content) : undefined;
}

describe("seo", () => {
  const base = { title: "Blog", description: "Ideas for teachers.", url: "/blog" };

  it("defaults to a website in en_US with the site name", () => {
    const tags = seo(base);
    expect(prop(tags, "og:type")).toEqual(["website"]);
    expect(prop(tags, "og:locale")).toEqual(["en_US"]);
    expect(prop(tags, "og:site_name")).toEqual(["TeachPilot"]);
    expect(tags).toContainEqual({ title: "Blog | TeachPilot" });
  });

  it("sets description, keywords, robots, revisit-after and the indigo theme colour", () => {
    const tags = seo(base);
    expect(named(tags, "description")).toBe("Ideas for teachers.");
    expect(named(tags, "keywords")).toBe(
      "AI education, teaching assistant, lesson planning, automated grading",
    );
    expect(named(tags, "robots")).toBe("index, follow");
    expect(named(tags, "revisit-after")).toBe("7 days");
    expect(named(tags, "theme-color")).toBe("#4f46e5");
  });

  it("links the canonical URL on the configured base URL, defaulting to the page URL", () => {
    expect(seo(base)).toContainEqual({ tagName: "link", rel: "canonical", href: `${siteUrl}/blog` });
    const tags = seo({ ...base, url: "/blog?page=2", canonicalUrl: "/blog" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${siteUrl}/blog` });
    expect(prop(tags, "og:url")).toEqual([`${siteUrl}/blog?page=2`]);
  });

  it("uses the 1200×630 social image with its size and alt text by default", () => {
    const tags = seo(base);
    expect(prop(tags, "og:image")).toEqual([`${siteUrl}/og-image.png`]);
    expect(prop(tags, "og:image:width")).toEqual(["1200"]);
    expect(prop(tags, "og:image:height")).toEqual(["630"]);
    expect(prop(tags, "og:image:alt")[0]).toMatch(/TeachPilot/);
    expect(named(tags, "twitter:card")).toBe("summary_large_image");
    expect(named(tags, "twitter:image")).toBe(`${siteUrl}/og-image.png`);
  });

  it("adds article tags only for articles", () => {
    const article = seo({
      ...base,
      type: "article",
      image: "/images/blog/cover.png",
      imageAlt: "A cover",
      publishedTime: "2025-03-01",
      modifiedTime: "2025-03-05",
      author: "Ms. Rivera",
      tags: ["grading", "rubrics"],
    });
    expect(prop(article, "og:type")).toEqual(["article"]);
    expect(prop(article, "article:published_time")).toEqual(["2025-03-01"]);
    expect(prop(article, "article:modified_time")).toEqual(["2025-03-05"]);
    expect(prop(article, "article:author")).toEqual(["Ms. Rivera"]);
    expect(prop(article, "article:tag")).toEqual(["grading", "rubrics"]);
    expect(prop(article, "og:image")).toEqual([`${siteUrl}/images/blog/cover.png`]);
    expect(prop(article, "og:image:alt")).toEqual(["A cover"]);

    const website = seo({ ...base, publishedTime: "2025-03-01", tags: ["x"] });
    expect(prop(website, "article:published_time")).toEqual([]);
    expect(prop(website, "article:tag")).toEqual([]);
  });

  it("marks pages that must not be indexed", () => {
    expect(named(seo({ ...base, index: false }), "robots")).toBe("noindex");
  });

  it("follows the index flag of the page at url in pages.json unless told otherwise", () => {
    expect(named(seo({ ...base, url: paths.contactSent }), "robots")).toBe("noindex");
    expect(named(seo({ ...base, url: paths.notFound }), "robots")).toBe("noindex");
    expect(named(seo({ ...base, url: paths.blogPost("a-post") }), "robots")).toBe("index, follow");
    expect(named(seo({ ...base, url: paths.contactSent, index: true }), "robots")).toBe("index, follow");
  });

  it("emits one ld+json script per structured-data object", () => {
    const tags = seo({ ...base, jsonLd: [softwareApplicationJsonLd(), organizationJsonLd()] });
    const scripts = tags.flatMap((t) => ("script:ld+json" in t ? [t["script:ld+json"]] : []));
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatchObject({
      "@type": "SoftwareApplication",
      name: "TeachPilot",
      applicationCategory: "EducationalApplication",
      operatingSystem: "Web",
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    });
    expect(scripts[1]).toMatchObject({ "@type": "Organization", name: "TeachPilot" });
  });
});

describe("pageTitle", () => {
  it("does not repeat the site name", () => {
    expect(pageTitle("TeachPilot — AI for teachers")).toBe("TeachPilot — AI for teachers");
  });
});
