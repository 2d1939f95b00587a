import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME, site } from "~/config/site";
import type { RouteHandle } from "~/lib/route-handle";

// What every console page says about itself to the document: its title, that it is never to
// be indexed, and that it draws its own layout instead of the marketing site's.

/** consoleTitle is a console page's document title: "Contacts · TeachPilot console". */
export function consoleTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME} console`;
}

/** consoleMeta is a console page's meta export. */
export function consoleMeta(title: string): MetaDescriptor[] {
  return [
    { title: consoleTitle(title) },
    { name: "robots", content: "noindex" },
    { name: "theme-color", content: site.themeColor },
  ];
}

/** consoleHandle is every console route's handle: its own layout, not the site's. */
export const consoleHandle: RouteHandle = { siteChrome: false };
