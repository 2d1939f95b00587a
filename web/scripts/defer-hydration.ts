// Paint first, hydrate after (DESIGN §4). React Router writes into every pre-rendered page a
// <link rel="modulepreload"> for each module of the first load (in <head>, so the browser
// fetches ~120 KB of JavaScript alongside the stylesheet before it has painted) and an inline
// module script whose static imports load the route modules and then start hydration.
// deferHydration rewrites both, after the build, so a page asks for nothing but its HTML, its
// stylesheet and its images until it has painted and loaded; then the same modules load, in parallel as
// before, and hydrate as today. Every page already works without JavaScript (links, section
// anchors, plain form posts), so nothing a visitor does before then is lost.
//
// When: after both the first contentful paint and the `load` event (app/lib/paint-first.ts
// says why both). After both, the page looks exactly like its no-JS twin (bench/run.sh measures both), and
// hydration changes nothing on screen: the pre-rendered DOM is adopted as it is, and React
// Router does not touch the scroll position when it hydrates (restoreScrollPosition is false
// with hydration data).
//
// The new inline script is static text in the file, so the Go server's CSP hash (computed
// from the served file when it loads) allows it as it allowed React Router's.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { waitForPaintAndLoad } from "../app/lib/paint-first";

const preloadTag = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const sideEffectImport = /^import ("[^"\n]+");\n/;
const namespaceImport = /^import \* as (\w+) from ("[^"\n]+");\n/;

/** deferredBody turns React Router's inline module (static imports, then the hydration
 * start) into one that waits for the first paint and `load`, preloads the modules and imports them dynamically. */
export function deferredBody(body: string, preloads: string[]): string {
  let rest = body;
  const specifiers: string[] = [];
  const bindings: string[] = [];
  for (;;) {
    const side = sideEffectImport.exec(rest);
    const ns = side ? null : namespaceImport.exec(rest);
    if (side) {
      specifiers.push(side[1] ?? "");
      bindings.push("");
      rest = rest.slice(side[0].length);
    } else if (ns) {
      specifiers.push(ns[2] ?? "");
      bindings.push(ns[1] ?? "");
      rest = rest.slice(ns[0].length);
    } else break;
  }
  if (
    specifiers.length === 0 ||
    !rest.includes("window.__reactRouterRouteModules") ||
    /^\s*import\s/m.test(rest)
  ) {
    throw new Error(`defer-hydration: unexpected shape of React Router's module script:\n${body}`);
  }
  return [
    ...waitForPaintAndLoad,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${bindings.join(", ")}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");
}

/** deferHydration rewrites one pre-rendered page; a page without React Router's module
 * script (no hydration at all) comes back unchanged. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(preloadTag)].map((m) => m[1] ?? "");
  const scripts = [...html.matchAll(moduleScript)];
  if (scripts.length === 0) {
    if (preloads.length > 0) throw new Error("defer-hydration: module preloads without a module script");
    return html;
  }
  if (scripts.length > 1) throw new Error(`defer-hydration: ${scripts.length} module scripts in one page`);
  return html
    .replace(preloadTag, "")
    .replace(
      moduleScript,
      (_, body: string) => `<script type="module" async="">${deferredBody(body, preloads)}</script>`,
    );
}

/** deferHydrationIn rewrites every pre-rendered page under dir (React Router's SPA fallback,
 * which shows only "Loading..." until its scripts run, stays as it is); it returns how many
 * pages it changed. Run it before precompress, which compresses the result. */
export async function deferHydrationIn(dir: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html") || entry.name === "__spa-fallback.html") continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, "utf8");
    const out = deferHydration(html);
    if (out !== html) {
      await writeFile(file, out);
      changed++;
    }
  }
  return changed;
}
