import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationIn } from "./defer-hydration";

// reactRouterPage is a page as React Router 7 pre-renders it (shape copied from a real build).
const reactRouterPage = [
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app-V.css"/>',
  '<link rel="modulepreload" href="/assets/manifest-22.js"/><link rel="modulepreload" href="/assets/entry.client-B5.js"/>',
  '<link rel="modulepreload" href="/assets/root-Cw.js"/><link rel="modulepreload" href="/assets/home-yf.js"/>',
  '<script type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>Hero</h1>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-22.js";\n',
  'import * as route0 from "/assets/root-Cw.js";\n',
  'import * as route1 from "/assets/home-yf.js";\n',
  "  \n",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n',
  "\n",
  'import("/assets/entry.client-B5.js");</script></body></html>',
].join("");

const deferredScript = [
  '<script type="module" async="">',
  'await new Promise((go) => document.readyState === "complete" ? go() : addEventListener("load", go, { once: true }));\n',
  'await new Promise((go) => PerformanceObserver.supportedEntryTypes?.includes("paint") ? new PerformanceObserver((list, o) => { if (list.getEntriesByName("first-contentful-paint").length) { o.disconnect(); go(); } }).observe({ type: "paint", buffered: true }) : requestAnimationFrame(() => setTimeout(go)));\n',
  'for (const href of ["/assets/manifest-22.js","/assets/entry.client-B5.js","/assets/root-Cw.js","/assets/home-yf.js"]) ',
  'document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n',
  'const [, route0, route1] = await Promise.all([import("/assets/manifest-22.js"), import("/assets/root-Cw.js"), import("/assets/home-yf.js")]);\n',
  'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n',
  'import("/assets/entry.client-B5.js");</script>',
].join("");

describe("deferHydration", () => {
  const scenarios: { name: string; html: string; want: string | RegExp }[] = [
    {
      name: "a React Router page loses its preloads and imports its modules after first paint and load",
      html: reactRouterPage,
      want: [
        '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app-V.css"/>',
        '<script type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>Hero</h1>',
        "<script>window.__reactRouterContext = {};</script>",
        deferredScript,
        "</body></html>",
      ].join(""),
    },
    {
      name: "a page without scripts stays as it is",
      html: "<!DOCTYPE html><html><body><h1>Shell</h1></body></html>",
      want: "<!DOCTYPE html><html><body><h1>Shell</h1></body></html>",
    },
    {
      name: "preloads without the module script are refused",
      html: '<head><link rel="modulepreload" href="/assets/a.js"/></head>',
      want: /module preloads without a module script/,
    },
    {
      name: "a module script of another shape is refused, not half rewritten",
      html: '<body><script type="module" async="">import { x } from "/assets/a.js";\nx();</script></body>',
      want: /unexpected shape/,
    },
    {
      name: "two module scripts are refused",
      html: reactRouterPage.replace(
        "</body>",
        '<script type="module" async="">import "/a.js";\n</script></body>',
      ),
      want: /2 module scripts/,
    },
  ];
  for (const s of scenarios) {
    it(s.name, () => {
      if (typeof s.want === "string") expect(deferHydration(s.html)).toBe(s.want);
      else expect(() => deferHydration(s.html)).toThrow(s.want);
    });
  }

  it("leaves no static import, so the browser fetches no script before the page has loaded", () => {
    const out = deferHydration(reactRouterPage);
    expect(out).not.toMatch(/modulepreload" href|^import |\nimport /);
    expect(out).not.toMatch(/<script[^>]* src=/);
  });
});

describe("deferHydrationIn", () => {
  it("rewrites every page under the directory but React Router's SPA fallback", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "defer-hydration-"));
    await mkdir(path.join(dir, "blog", "post"), { recursive: true });
    await writeFile(path.join(dir, "index.html"), reactRouterPage);
    await writeFile(path.join(dir, "blog", "post", "index.html"), reactRouterPage);
    await writeFile(path.join(dir, "__spa-fallback.html"), reactRouterPage);
    await writeFile(path.join(dir, "blog.data"), reactRouterPage);

    expect(await deferHydrationIn(dir)).toBe(2);
    expect(await readFile(path.join(dir, "index.html"), "utf8")).toContain(deferredScript);
    expect(await readFile(path.join(dir, "blog", "post", "index.html"), "utf8")).toContain(deferredScript);
    expect(await readFile(path.join(dir, "__spa-fallback.html"), "utf8")).toBe(reactRouterPage);
    expect(await readFile(path.join(dir, "blog.data"), "utf8")).toBe(reactRouterPage);
  });
});
