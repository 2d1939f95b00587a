import { PRODUCT_NAME, paths, site } from "~/config/site";

// A resource route pre-rendered to a file at its path (root.tsx links it): the web
// app manifest, built from the site settings so it names the product from web/brand.json.
export function loader() {
  const manifest = {
    name: site.name,
    short_name: PRODUCT_NAME,
    description: `${site.tagline}.`,
    start_url: paths.home,
    scope: paths.home,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: site.themeColor,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: { "Content-Type": "application/manifest+json" },
  });
}
