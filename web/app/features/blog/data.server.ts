// What each blog route's loader returns, built from the posts at build time. Loaders throw a
// 404 response for anything that does not exist; such paths are never pre-rendered, so the
// Go server answers them with the 404 page, and client-side navigation shows the same page.
import { data, redirect } from "react-router";
import type { ArticleData } from "./article";
import type { ListData } from "./blog-index";
import { pageCount, pageItems, pagePath, parsePage } from "./paths";
import { allTags, getPosts } from "./posts.server";
import { neighbours, relatedPosts } from "./related";
import type { Post, PostSummary } from "./types";

/** summary strips a post down to what cards and links need (no body HTML). */
export function summary(post: Post): PostSummary {
  const { html: _html, toc: _toc, ...rest } = post;
  return rest;
}

function notFound(what: string): never {
  throw data(`${what} not found`, { status: 404, statusText: "Not Found" });
}

/** listData is page `page` (1-based) of the blog list; pages past the last are 404s. */
export async function listData(page: number): Promise<ListData> {
  const posts = await getPosts();
  const count = pageCount(posts.length);
  if (page < 1 || page > count) notFound(`Blog page ${page}`);
  return { posts: pageItems(posts, page).map(summary), page, pageCount: count, tags: allTags(posts) };
}

/**
 * listPageData serves the blog list's numbered pages. Page 1 is the blog page itself, and its
 * numbered alias redirects there (one URL per page for search engines). It is always
 * pre-rendered, as a redirect page, because React Router refuses a route with a loader and no
 * pre-rendered path, and there may be only one page of posts.
 */
export async function listPageData(param: string | undefined): Promise<ListData> {
  const page = parsePage(param);
  if (page === 1) throw redirect(pagePath(1), 301);
  if (page === undefined) notFound(`Blog page ${param}`);
  return listData(page);
}

/** tagData lists every post with a tag, newest first; an unused tag is a 404. */
export async function tagData(tag: string | undefined): Promise<ListData & { tag: string }> {
  const posts = await getPosts();
  const tagged = posts.filter((post) => tag !== undefined && post.tags.includes(tag));
  if (tag === undefined || tagged.length === 0) notFound(`Tag ${tag}`);
  return { tag, posts: tagged.map(summary), page: 1, pageCount: 1, tags: allTags(posts) };
}

/** articleData is a post with its neighbours and related posts; an unknown slug is a 404. */
export async function articleData(slug: string | undefined): Promise<ArticleData> {
  const posts = await getPosts();
  const post = posts.find((p) => p.slug === slug);
  if (!post) notFound(`Post ${slug}`);
  const { previous, next } = neighbours(posts, post.slug);
  return {
    post,
    previous: previous && summary(previous),
    next: next && summary(next),
    related: relatedPosts(posts, post).map(summary),
  };
}
