import { fillPath, pathOf } from "../../config/pages";

// Blog URLs and list paging, shared by loaders, components and the pre-render list. The paths
// themselves are web/pages.json's (blog, blogPost, blogTag, blogPage, socialImage). Relative
// imports only: react-router.config.ts loads this module outside Vite.

/** PAGE_SIZE is how many cards one page of the blog list shows. */
export const PAGE_SIZE = 9;

/** BLOG_PATH is the blog's first list page. */
export const BLOG_PATH = pathOf("blog");

/** postPath is the URL path of a post. */
export function postPath(slug: string): string {
  return fillPath("blogPost", { slug });
}

/** tagPath is the URL path of a tag's page. */
export function tagPath(tag: string): string {
  return fillPath("blogTag", { tag });
}

/** pagePath is the URL path of a list page; page 1 is the blog page itself. */
export function pagePath(page: number): string {
  return page <= 1 ? BLOG_PATH : fillPath("blogPage", { page });
}

/** FIRST_PAGE_ALIAS, page 1's numbered path, redirects to the blog page (pre-rendered as a redirect page, not in the sitemap). */
export const FIRST_PAGE_ALIAS = fillPath("blogPage", { page: 1 });

/** socialImagePath is the 1200×630 PNG rendered from a post's cover for social networks. */
export function socialImagePath(slug: string): string {
  return fillPath("socialImage", { slug });
}

/** pageCount is the number of list pages for a number of posts (at least one). */
export function pageCount(posts: number): number {
  return Math.max(1, Math.ceil(posts / PAGE_SIZE));
}

/** pageItems is the slice of items shown on a list page (1-based). */
export function pageItems<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}

/** parsePage reads a :page URL parameter: a whole number written without leading zeros. */
export function parsePage(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d*$/.test(value)) return undefined;
  return Number(value);
}

const ACRONYMS: Record<string, string> = { ai: "AI", ell: "ELL", ferpa: "FERPA", iep: "IEP", stem: "STEM" };

/** tagLabel is how a kebab-case tag reads on screen: "lesson-planning" → "Lesson planning". */
export function tagLabel(tag: string): string {
  const words = tag.split("-").map((word) => ACRONYMS[word] ?? word);
  const first = words[0] ?? "";
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(" ");
}

/** tagTopic is a tag as it reads mid-sentence: "lesson planning", "AI". */
export function tagTopic(tag: string): string {
  const label = tagLabel(tag);
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
