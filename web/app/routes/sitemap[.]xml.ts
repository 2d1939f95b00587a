import { prerenderPaths } from "~/config/prerender";
import { isSitemapPage, sitemapEntries, sitemapXml } from "~/features/blog/feeds.server";
import { getPosts } from "~/features/blog/posts.server";

// A resource route pre-rendered to a file at its path from the same path list the build
// pre-renders, keeping the pages web/pages.json marks `index`, so the sitemap cannot drift
// from the site.
export async function loader() {
  const [paths, posts] = await Promise.all([prerenderPaths(), getPosts()]);
  const published = posts.filter((post) => !post.draft);
  const xml = sitemapXml(sitemapEntries(paths.filter(isSitemapPage), published));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
