// Paint first, load scripts after (DESIGN §4): the one definition of "after", shared by the
// pages React hydrates (scripts/defer-hydration.ts rewrites their module script to start with
// it) and the shell's own script (routes/shell.tsx loads plan-page.js after it).
//
// When: after both the first contentful paint and the `load` event, whichever comes later.
// `load` alone is not enough: Chromium fires it before the first frame when a page has little
// to load (measured on throttled slow 4G: load at 1.19 s, first paint at 1.45 s), and scripts
// requested then compete with the paint. The first paint alone is not enough either: `load`
// also waits for the eager images (the hero, the logo, often the largest contentful paint),
// and scripts started at the first frame would share a slow connection with them. The paint
// is read from the browser's own paint timing ("first-contentful-paint", reported once the
// frame is presented); where that is not available, one frame and one task after `load`.

/** waitForPaintAndLoad is the start of an inline module script (top-level await): it waits
 * for `load` and the first paint. The lines are static text, so the Go server's CSP hash of
 * the served page allows the script. */
export const waitForPaintAndLoad = [
  `await new Promise((go) => document.readyState === "complete" ? go() : addEventListener("load", go, { once: true }));`,
  `await new Promise((go) => PerformanceObserver.supportedEntryTypes?.includes("paint") ? new PerformanceObserver((list, o) => { if (list.getEntriesByName("first-contentful-paint").length) { o.disconnect(); go(); } }).observe({ type: "paint", buffered: true }) : requestAnimationFrame(() => setTimeout(go)));`,
];

/** loadAfterPaint is an inline module script that requests the classic script at src once
 * the page has painted and loaded, unless the page has asked for it already (a streamed plan
 * page asks for its script early: routes/shell.tsx). */
export function loadAfterPaint(src: string): string {
  const literal = JSON.stringify(src);
  return [
    ...waitForPaintAndLoad,
    `if (![...document.scripts].some((s) => s.getAttribute("src") === ${literal})) document.body.append(Object.assign(document.createElement("script"), { src: ${literal} }));`,
  ].join("\n");
}
