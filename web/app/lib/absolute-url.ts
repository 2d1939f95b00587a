import { ORIGIN } from "~/config/pages";

/**
 * siteOrigin is the origin absolute URLs are written on. At build time (pre-rendering in
 * Node) it is the placeholder of web/pages.json, which the Go server replaces with BASE_URL
 * when it starts, so one build serves any host. In the browser (after hydration, on
 * client-side navigation) it is the page's own origin, so the placeholder never reaches the DOM.
 */
export function siteOrigin(): string {
  return typeof window === "undefined" ? ORIGIN : window.location.origin;
}

/**
 * absoluteUrl turns a site path into an absolute URL on siteOrigin; absolute URLs pass
 * through. Canonical links, Open Graph URLs, JSON-LD, the feed, the sitemap and robots.txt
 * all use it.
 */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteOrigin()}${path.startsWith("/") ? "" : "/"}${path}`;
}
