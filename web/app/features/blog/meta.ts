// Page metadata for blog routes, built with the site's SEO helper.
import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME, paths, site } from "~/config/site";
import { absoluteUrl } from "~/lib/absolute-url";
import { type JsonLd, seo } from "~/lib/seo";
import { BLOG_PATH, pagePath, postPath, socialImagePath, tagLabel, tagPath, tagTopic } from "./paths";
import type { Post } from "./types";

/** BLOG_DESCRIPTION introduces the blog in search results and on the list page. */
export const BLOG_DESCRIPTION = `Practical ideas for high school teachers from the ${PRODUCT_NAME} team: lesson planning, grading, feedback and getting hours back.`;

function breadcrumbs(items: readonly { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** listMeta is the metadata of a blog list page (page 1 is the blog page itself). */
export function listMeta(page: number): MetaDescriptor[] {
  return seo({
    title: page > 1 ? `Blog — page ${page}` : "Blog",
    description: BLOG_DESCRIPTION,
    url: pagePath(page),
    jsonLd: breadcrumbs([
      { name: "Home", path: paths.home },
      { name: "Blog", path: BLOG_PATH },
    ]),
  });
}

/** tagMeta is the metadata of a tag's page. */
export function tagMeta(tag: string): MetaDescriptor[] {
  const label = tagLabel(tag);
  const topic = tagTopic(tag);
  return seo({
    title: `${label} — Blog`,
    description: `Posts for high school teachers about ${topic}, from the ${PRODUCT_NAME} blog: practical ideas you can use this week.`,
    url: tagPath(tag),
    jsonLd: breadcrumbs([
      { name: "Home", path: paths.home },
      { name: "Blog", path: BLOG_PATH },
      { name: label, path: tagPath(tag) },
    ]),
  });
}

/** notFoundMeta is the metadata of a blog path that does not exist. */
export function notFoundMeta(): MetaDescriptor[] {
  return seo({
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    url: paths.notFound,
  });
}

/**
 * articleMeta is a post's metadata: an Open Graph article with its dates, author and tags,
 * the 1200×630 PNG made from its cover as the social image, and JSON-LD BlogPosting plus
 * BreadcrumbList.
 */
export function articleMeta(post: Post): MetaDescriptor[] {
  const url = absoluteUrl(postPath(post.slug));
  const image = absoluteUrl(socialImagePath(post.slug));
  const modified = post.updated ?? post.date;
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    image: { "@type": "ImageObject", url: image, width: 1200, height: 630 },
    datePublished: post.date,
    dateModified: modified,
    author: { "@type": "Person", name: post.author.name, description: post.author.role },
    publisher: {
      "@type": "Organization",
      name: site.name,
      url: absoluteUrl(paths.home),
      logo: { "@type": "ImageObject", url: absoluteUrl("/logo.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    keywords: post.tags.join(", "),
    timeRequired: `PT${post.readingMinutes}M`,
    inLanguage: "en-US",
  };
  return seo({
    title: post.title,
    description: post.description,
    url: postPath(post.slug),
    type: "article",
    image: socialImagePath(post.slug),
    imageAlt: post.coverAlt,
    imageWidth: 1200,
    imageHeight: 630,
    publishedTime: post.date,
    modifiedTime: modified,
    author: post.author.name,
    tags: post.tags,
    jsonLd: [
      posting,
      breadcrumbs([
        { name: "Home", path: paths.home },
        { name: "Blog", path: BLOG_PATH },
        { name: post.title, path: postPath(post.slug) },
      ]),
    ],
  });
}
