import { PRODUCT_NAME } from "~/config/site";
import { rssFeed } from "~/features/blog/feeds.server";
import { BLOG_DESCRIPTION } from "~/features/blog/meta";
import { getPosts } from "~/features/blog/posts.server";

// A resource route pre-rendered to a file at its path (its loader runs at build time).
export async function loader() {
  const posts = (await getPosts()).filter((post) => !post.draft);
  const xml = rssFeed(posts, { title: `${PRODUCT_NAME} blog`, description: BLOG_DESCRIPTION });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
