// The RSS feed, the sitemap and robots.txt, written at build time by pre-rendered resource
// routes from the same posts and page list as the pages themselves. Every absolute URL is
// made by absoluteUrl: at build time it is on the placeholder origin the Go server replaces.
import { pageAt } from "~/config/pages";
import { paths } from "~/config/site";
import { absoluteUrl } from "~/lib/absolute-url";
import { BLOG_PATH, FIRST_PAGE_ALIAS, pageCount, postPath, tagPath } from "./paths";
import type { Post } from "./types";

/** escapeXml escapes text for an XML element or attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** rfc822 writes a YYYY-MM-DD day as the RFC 822 date RSS wants (midnight UTC). */
export function rfc822(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}

/**
 * absoluteHtml rewrites a post's site-relative links and images to absolute URLs (feed
 * readers show the HTML away from the site) and in-page anchors to the post's URL.
 */
export function absoluteHtml(html: string, pageUrl: string): string {
  return html
    .replace(/(href|src)="\/(?!\/)/g, `$1="${absoluteUrl("/")}`)
    .replace(/href="#/g, `href="${pageUrl}#`);
}

/** FeedChannel describes the site to feed readers. */
export interface FeedChannel {
  title: string;
  description: string;
}

/**
 * rssFeed is an RSS 2.0 feed of the posts (newest first) with each post's full, sanitised
 * HTML in content:encoded and its description as the summary.
 */
export function rssFeed(posts: readonly Post[], channel: FeedChannel): string {
  const newest = posts.reduce<string | undefined>((latest, post) => {
    const changed = post.updated ?? post.date;
    return latest === undefined || changed > latest ? changed : latest;
  }, undefined);
  const items = posts.map((post) => {
    const url = absoluteUrl(postPath(post.slug));
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.description)}</description>`,
      `      <content:encoded>${cdata(absoluteHtml(post.html, url))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(BLOG_PATH))}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(absoluteUrl(paths.rss))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** SitemapEntry is one URL of the sitemap, with the day it last changed when known. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/**
 * sitemapEntries lists the public pages (pre-rendered paths that are pages people search for)
 * with lastmod for posts, list pages and tag pages, taken from the posts they show.
 */
export function sitemapEntries(pagePaths: readonly string[], posts: readonly Post[]): SitemapEntry[] {
  const changed = (post: Post) => post.updated ?? post.date;
  const latest = (list: readonly Post[]) => list.map(changed).sort().at(-1);
  const byPath = new Map<string, string | undefined>();
  for (const path of pagePaths) byPath.set(path, undefined);
  for (const post of posts) byPath.set(postPath(post.slug), changed(post));
  const pages = pageCount(posts.length);
  if (byPath.has(BLOG_PATH)) byPath.set(BLOG_PATH, latest(posts));
  for (let page = 2; page <= pages; page++) byPath.set(`${BLOG_PATH}/page/${page}`, latest(posts));
  for (const path of byPath.keys()) {
    if (path.startsWith(`${BLOG_PATH}/tag/`)) {
      const tag = path.slice(`${BLOG_PATH}/tag/`.length);
      byPath.set(tagPath(tag), latest(posts.filter((post) => post.tags.includes(tag))));
    }
  }
  return [...byPath].map(([path, lastmod]) => (lastmod ? { path, lastmod } : { path }));
}

/** sitemapXml is a sitemaps.org URL set of absolute URLs. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(absoluteUrl(entry.path))}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robotsTxt allows every crawler everywhere and points them to the sitemap. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(paths.sitemap)}\n`;
}

/**
 * isSitemapPage says whether a pre-rendered path belongs in the sitemap: its page in
 * web/pages.json is marked `index` (so no files such as the feed, no 404 page, no form
 * confirmations or newsletter pages), and it is not FIRST_PAGE_ALIAS, a redirect to the blog.
 */
export function isSitemapPage(path: string): boolean {
  return pageAt(path)?.index === true && path !== FIRST_PAGE_ALIAS;
}
