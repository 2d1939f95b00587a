import type { UIMatch } from "react-router";

/**
 * RouteHandle is what a route module's `handle` export may say to the document around it.
 * `scripts: false` pre-renders the page without React's scripts, module preloads and
 * hydration data: the shell page is served by the Go server, filled, at other URLs, where
 * hydrating would route to the wrong page.
 */
export interface RouteHandle {
  scripts?: boolean;
  /**
   * siteChrome false renders the route without the marketing site's header, footer and
   * newsletter box: the console's pages draw their own layout.
   */
  siteChrome?: boolean;
}

/** wantsScripts says whether the matched routes let the document load React's scripts. */
export function wantsScripts(matches: readonly UIMatch[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.scripts === false);
}

/** wantsSiteChrome says whether the matched routes are drawn inside the site's layout. */
export function wantsSiteChrome(matches: readonly UIMatch[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.siteChrome === false);
}
