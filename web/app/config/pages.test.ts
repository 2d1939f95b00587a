// @vitest-environment node
// The page table (web/pages.json) against everything that reads it: the route table, the
// pre-render list, the sitemap and the end-to-end page list. Node, as in the build.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { publicPaths as e2ePublicPaths } from "../../e2e/fixtures";
import { FIRST_PAGE_ALIAS } from "../features/blog/paths";
import routes from "../routes";
import { loader as sitemapLoader } from "../routes/sitemap[.]xml";
import { isDynamic, ORIGIN, type Page, pageAt, pages, shell } from "./pages";
import { prerenderPaths } from "./prerender";

const appDir = path.resolve(__dirname, "..");

/** routePattern is what routes.ts should declare for a page: its route, else its path. */
function routePattern(page: Page): string {
  return (page.route ?? page.path).replace(/^\//, "");
}

/** belongs says whether a concrete path is one of page's: its own path, or its pattern's. */
function belongs(concrete: string, page: Page): boolean {
  return isDynamic(page.path) ? pageAt(concrete)?.id === page.id : concrete === page.path;
}

describe("pages.json", () => {
  it("names each page once, by a unique id, path and module", () => {
    for (const key of ["id", "path", "module"] as const) {
      const values = pages.map((page) => page[key]);
      expect(
        values.filter((v, i) => values.indexOf(v) !== i),
        `repeated ${key}s`,
      ).toEqual([]);
    }
  });

  it("names the shell page, which is pre-rendered and never served at its path", () => {
    const page = pages.find((p) => p.id === shell.page);
    expect(page).toMatchObject({ prerender: true, index: false, serve: false });
    expect(page?.public).not.toBe(true);
  });

  it("gives every absolute URL the placeholder origin the Go server replaces", () => {
    expect(new URL(ORIGIN).origin).toBe(ORIGIN);
  });
});

describe("routes.ts and pages.json agree", () => {
  const declared = routes as RouteConfigEntry[];

  it.each(pages.map((page) => [page.id, page] as const))("%s is routed to its module", (_, page) => {
    const entry = declared.find((route) => route.file === page.module);
    expect(entry, `a route for ${page.module}`).toBeDefined();
    if (page.path === "/") expect(entry?.index).toBe(true);
    else expect(entry?.path).toBe(routePattern(page));
    expect(existsSync(path.join(appDir, page.module)), `app/${page.module} exists`).toBe(true);
  });

  it("has no route and no route module that pages.json does not list", () => {
    expect(declared.map((route) => route.file).sort()).toEqual(pages.map((page) => page.module).sort());
    const modules = readdirSync(path.join(appDir, "routes"))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => `routes/${name}`);
    expect(modules.sort()).toEqual(pages.map((page) => page.module).sort());
  });
});

describe("every page is where pages.json says", () => {
  let prerendered: string[] = [];
  let sitemap: string[] = [];

  beforeAll(async () => {
    prerendered = await prerenderPaths();
    const xml = await (await sitemapLoader()).text();
    sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
  });

  it.each(pages.map((page) => [page.id, page] as const))("%s", (_, page) => {
    const inPrerender = prerendered.some((p) => belongs(p, page));
    expect(inPrerender, `${page.path} in the pre-render list`).toBe(page.prerender);

    // Each pre-rendered path of the page (the /blog/page/1 redirect aside) is in the sitemap
    // exactly when the page is indexed.
    const inSitemap = new Set(sitemap.map((loc) => loc.slice(ORIGIN.length)));
    for (const p of prerendered.filter((p) => belongs(p, page) && p !== FIRST_PAGE_ALIAS)) {
      expect(inSitemap.has(p), `${p} in the sitemap`).toBe(page.index);
    }

    const inE2e = e2ePublicPaths.includes(page.path);
    expect(inE2e, `${page.path} in e2e/fixtures.ts publicPaths`).toBe(page.public === true);
    if (page.public) {
      expect(isDynamic(page.path), "a public page has a fixed path the e2e run can visit").toBe(false);
      expect(page.prerender, "a public page is pre-rendered").toBe(true);
    }
  });

  it("writes the sitemap on the placeholder origin, listing only indexed pages", () => {
    expect(sitemap.length).toBeGreaterThan(0);
    for (const loc of sitemap) {
      expect(loc.startsWith(`${ORIGIN}/`), `${loc} on ${ORIGIN}`).toBe(true);
      expect(pageAt(loc.slice(ORIGIN.length))?.index, `${loc} is an indexed page`).toBe(true);
    }
  });

  it("lists nothing in the pre-render list that pages.json does not know", () => {
    expect(prerendered.filter((p) => pageAt(p) === undefined)).toEqual([]);
  });
});
