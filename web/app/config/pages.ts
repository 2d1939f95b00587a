import table from "../../pages.json" with { type: "json" };

// The TypeScript side of web/pages.json, the page table: every page declared once. The route
// table (app/routes.ts), the pre-render list, the sitemap, the end-to-end page list, the
// named paths of site.ts and the features' own path helpers read it from here. Relative
// imports only: react-router.config.ts loads this module (through config/prerender.ts)
// outside Vite, and Playwright loads it for the end-to-end page list.

/** Page is one entry of pages.json. */
export interface Page {
  /** id names the page in code (site.ts's paths, forms.json's page and success). */
  id: string;
  /** path is the page's URL path, or its route pattern (with :parameters) for dynamic pages. */
  path: string;
  /** route is the route pattern when it differs from path ("*" for the 404 page). */
  route?: string;
  /** module is the route module, relative to app/. */
  module: string;
  /** prerender: rendered to a file at build time (dynamic paths expanded by their feature). */
  prerender: boolean;
  /** index: indexed by search engines and listed in the sitemap. */
  index: boolean;
  /** public: listed in the end-to-end page list (axe, headers, metadata). */
  public?: boolean;
  /** serve false: pre-rendered for the Go server's own use, never served at its path. */
  serve?: boolean;
}

/** pages are the entries of pages.json, in its order. */
export const pages: readonly Page[] = table.pages;

/**
 * ORIGIN is the placeholder origin the build writes into every absolute URL; the Go server
 * replaces it with BASE_URL when it starts.
 */
export const ORIGIN: string = table.origin;

/**
 * shell names the page the Go server fills with its own content, the markers it replaces and
 * the one script (a file of web/public) of the pages it fills.
 */
export const shell: { page: string; titleSlot: string; mainSlot: string; script: string } = table.shell;

const byId = new Map(pages.map((page) => [page.id, page]));

/** page returns the entry with an id; it throws for an id pages.json does not have. */
export function page(id: string): Page {
  const found = byId.get(id);
  if (!found) throw new Error(`pages.json: no page with id "${id}"`);
  return found;
}

const PARAM = /:([A-Za-z0-9_]+)/g;

/** isDynamic says whether a path is a route pattern with parameters. */
export function isDynamic(path: string): boolean {
  return path.includes(":");
}

/** pathOf is the URL path of a page with a fixed path; it throws for a dynamic page. */
export function pathOf(id: string): string {
  const { path } = page(id);
  if (isDynamic(path)) throw new Error(`pages.json: page "${id}" has parameters (${path}); use fillPath`);
  return path;
}

/** fillPath is a dynamic page's URL path with its parameters filled in (URL-encoded). */
export function fillPath(id: string, params: Record<string, string | number>): string {
  return page(id).path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pages.json: page "${id}" needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([A-Za-z0-9_]+)/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}

const patterns = pages.filter((p) => isDynamic(p.path)).map((p) => ({ page: p, pattern: patternOf(p.path) }));

/**
 * pageAt is the page a URL path belongs to: the page with that exact path, else the dynamic
 * page whose pattern it matches; undefined for paths the table does not know.
 */
export function pageAt(path: string): Page | undefined {
  const bare = path.replace(/[?#].*$/, "");
  return (
    pages.find((p) => p.path === bare && !isDynamic(p.path)) ??
    patterns.find(({ pattern }) => pattern.test(bare))?.page
  );
}

/** staticPrerenderPaths are the fixed paths of every pre-rendered page, in table order. */
export function staticPrerenderPaths(): string[] {
  return pages.filter((p) => p.prerender && !isDynamic(p.path)).map((p) => p.path);
}

/** publicPaths are the pages of the end-to-end page list (axe, headers, metadata). */
export function publicPaths(): string[] {
  return pages.filter((p) => p.public === true).map((p) => pathOf(p.id));
}
