import { blogPrerenderPaths } from "../features/blog/posts.server";

// prerenderPaths lists every public path that is rendered at build time: pages to HTML, and
// resource routes (feeds, social images) to files. The blog adds each post, list page after
// the first, tag page and post social image. Relative imports only: react-router.config.ts
// loads this module outside Vite.
export async function prerenderPaths(): Promise<string[]> {
  return [
    "/",
    "/blog",
    "/lesson-plan",
    "/submission-success",
    "/contact",
    "/contact/sent",
    "/newsletter/check-email",
    "/newsletter/confirm",
    "/newsletter/confirmed",
    "/newsletter/unsubscribe",
    "/newsletter/unsubscribed",
    "/privacy",
    "/404",
    ...(await blogPrerenderPaths()),
    "/rss.xml",
    "/sitemap.xml",
    "/robots.txt",
    "/site.webmanifest",
  ];
}
