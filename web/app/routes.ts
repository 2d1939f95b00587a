import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./config/pages";

// The route table, read from web/pages.json (one entry a page: its path and module). Each
// module is loaded lazily on client navigation. "/" is the index route; a page's `route`
// replaces its path as the pattern (the 404 page answers "*").
export default pages.map((page) =>
  page.path === "/" ? index(page.module) : route((page.route ?? page.path).replace(/^\//, ""), page.module),
) satisfies RouteConfig;
