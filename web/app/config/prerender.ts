import { blogPrerenderPaths } from "../features/blog/posts.server";
import { staticPrerenderPaths } from "./pages";

// prerenderPaths lists every path rendered at build time: each page of web/pages.json marked
// `prerender` with a fixed path (pages to HTML, resource routes such as feeds to files), then
// the blog's dynamic pages expanded from the posts (each post, list page after the first, tag
// page and post social image). Relative imports only: react-router.config.ts loads this
// module outside Vite.
export async function prerenderPaths(): Promise<string[]> {
  return [...staticPrerenderPaths(), ...(await blogPrerenderPaths())];
}
