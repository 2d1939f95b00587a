// Shapes of blog posts as the routes receive them from their build-time loaders. This module
// holds types only, so it is safe to import from client code.

/** Author is the person (or team) a post is credited to. */
export interface Author {
  name: string;
  role: string;
}

/** PostSummary is everything a card, a feed entry or a sitemap entry needs about a post. */
export interface PostSummary {
  /** The file name without ".md"; the post lives at postPath(slug). */
  slug: string;
  title: string;
  description: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** Date of the last meaningful change, YYYY-MM-DD; absent when never updated. */
  updated?: string;
  author: Author;
  /** Kebab-case tags; each has a page at tagPath(tag). */
  tags: string[];
  /** Site path of the cover image (SVG), e.g. /images/blog/{slug}.svg. */
  cover: string;
  coverAlt: string;
  /** Minutes to read at 200 words a minute, rounded up. */
  readingMinutes: number;
  draft: boolean;
}

/** TocEntry is one h2 or h3 of a post, with the id its heading anchor points to. */
export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** Post is a full post: its summary plus the sanitised HTML of its body. */
export interface Post extends PostSummary {
  html: string;
  toc: TocEntry[];
}
