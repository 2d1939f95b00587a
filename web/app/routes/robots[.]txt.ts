import { robotsTxt } from "~/features/blog/feeds.server";

// A resource route pre-rendered to a file at its path (web/pages.json).
export function loader() {
  return new Response(robotsTxt(), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
