import { ORIGIN } from "~/config/pages";

/**
 * siteOrigin is the origin absolute URLs are written on. At build time (pre-rendering in
 * Node) it is the placeholder of web/pages.json, which the Go server replaces with BASE_URL
 * when it starts, so one build serves any host. In the browser (hydration, client-side
 * navigation) it is the origin the server wrote into the page's canonical link, its BASE_URL:
 * hydration then renders the very URLs the served HTML has (React 19 would otherwise add a
 * second copy of each head tag that differs), and pages stay on BASE_URL even when reached
 * through another host name. Without a canonical link it is the page's own origin.
 */
export function siteOrigin(): string {
  if (typeof window === "undefined") return ORIGIN;
  const served = window.document.querySelector('link[rel="canonical"]')?.getAttribute("href");
  if (served && /^https?:\/\//.test(served)) return new URL(served).origin;
  return window.location.origin;
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
