// The landing page's weight, two ways:
//  1. From the HTML alone (what the budgets name): the HTML; its stylesheets; its first-load
//     JavaScript = the scripts and modulepreloads it references plus the inline module
//     script's imports, and every static import those pull in (dynamic imports are lazy
//     routes, not first load). Each raw, gzip -9, and as the server sends it to a gzip client.
//  2. In Chromium at a phone's size (412×823, DPR 1.75 like Lighthouse's mobile preset),
//     scrolled to the bottom so lazy images load: every request and its bytes on the wire.
// Prints a table and appends the totals to $BENCH_FIGURES (label<TAB>value<TAB>budget).
//
//   node bench/weight.mjs http://127.0.0.1:18180/
import { appendFileSync, readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";

const base = new URL(process.argv[2] ?? "http://127.0.0.1:8080/");
const figures = process.env.BENCH_FIGURES;

/** get fetches url without decoding, so body is what travelled. */
function get(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

async function measure(url) {
  const raw = await get(url, "identity");
  if (raw.status !== 200) throw new Error(`${url}: status ${raw.status}`);
  const served = await get(url, "gzip");
  return {
    url,
    body: raw.body,
    raw: raw.body.length,
    gzip: gzipSync(raw.body, { level: 9 }).length,
    served: served.body.length,
    servedEncoding: served.headers["content-encoding"] ?? "none",
  };
}

const attrs = (tag) =>
  Object.fromEntries(
    [...tag.matchAll(/([\w-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map((m) => [
      m[1].toLowerCase(),
      (m[2] ?? "").replace(/^["']|["']$/g, ""),
    ]),
  );
const abs = (ref, from) => new URL(ref.replace(/&amp;/g, "&"), from).href;

const html = await measure(base.href);
const page = html.body.toString("utf8");

const css = new Set();
const js = new Set();
for (const [tag] of page.matchAll(/<link\b[^>]*>/gi)) {
  const a = attrs(tag);
  const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
  if (rel.includes("stylesheet") && a.href) css.add(abs(a.href, base));
  if (rel.includes("modulepreload") && a.href) js.add(abs(a.href, base));
}
for (const [, open, body] of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  const a = attrs(open);
  if (a.src) js.add(abs(a.src, base));
  else if ((a.type ?? "") === "module") {
    // The inline bootstrap: static imports and import("…") of the entry are all first load.
    for (const m of body.matchAll(
      /import\s*(?:[\w*{}\s,$]*?from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      js.add(abs(m[1] ?? m[2], base));
    }
  }
}

// Follow static imports (import … from "x", import "x", export … from "x").
const staticImport = /(?:^|[;\s}),])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["']([^"']+\.m?js)["']/g;
const jsFiles = new Map();
const queue = [...js];
while (queue.length) {
  const url = queue.shift();
  if (jsFiles.has(url)) continue;
  const m = await measure(url);
  jsFiles.set(url, m);
  for (const [, ref] of m.body.toString("utf8").matchAll(staticImport)) queue.push(abs(ref, url));
}
const cssFiles = [];
for (const url of css) cssFiles.push(await measure(url));

// In the browser: everything a phone downloads, lazy images included.
const require = createRequire(new URL("../web/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: JSON.parse(readFileSync(new URL("../web/e2e/chromium-flags.json", import.meta.url), "utf8")),
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const tab = await context.newPage();
const loaded = [];
const pending = [];
const seen = new Set();
tab.on("requestfinished", (req) => {
  if (seen.has(req)) return;
  seen.add(req);
  pending.push(
    (async () => {
      const sizes = await req.sizes().catch(() => null);
      if (!sizes) return;
      loaded.push({
        url: req.url(),
        type: req.resourceType(),
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        body: sizes.responseBodySize,
      });
    })(),
  );
});
await tab.goto(base.href, { waitUntil: "load" });
for (let y = 0; y < 40; y++) {
  const done = await tab.evaluate(() => {
    window.scrollBy(0, window.innerHeight * 0.8);
    return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
  });
  await tab.waitForTimeout(100);
  if (done) break;
}
await tab.waitForLoadState("networkidle");
await tab.waitForTimeout(300);
await Promise.all(pending);
await browser.close();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (xs, k) => xs.reduce((s, x) => s + x[k], 0);
const imageTypes = new Set(["image"]);
const images = loaded.filter(
  (r) => imageTypes.has(r.type) || /\.(png|jpe?g|webp|avif|svg|gif|ico)(\?|$)/.test(r.url),
);
const fonts = loaded.filter((r) => r.type === "font");
const rows = [
  ["HTML", [html]],
  ["CSS", cssFiles],
  ["JS (first load)", [...jsFiles.values()]],
];
console.log("  what                 files        raw    gzip -9     served (encoding)");
for (const [name, files] of rows) {
  const enc = [...new Set(files.map((f) => f.servedEncoding))].join(",");
  console.log(
    `  ${name.padEnd(20)} ${String(files.length).padStart(5)} ${kb(sum(files, "raw")).padStart(10)} ${kb(sum(files, "gzip")).padStart(10)} ${kb(sum(files, "served")).padStart(10)} (${enc})`,
  );
}
for (const [name, list] of [
  ["images (in browser)", images],
  ["fonts (in browser)", fonts],
]) {
  console.log(
    `  ${name.padEnd(20)} ${String(list.length).padStart(5)} ${"".padStart(10)} ${"".padStart(10)} ${kb(sum(list, "body")).padStart(10)} (on the wire, bodies)`,
  );
}
const total = sum(loaded, "wire");
console.log(`  browser: ${loaded.length} requests, ${kb(total)} transferred incl. headers:`);
for (const r of loaded) {
  console.log(`    ${r.type.padEnd(10)} ${kb(r.wire).padStart(9)}  ${new URL(r.url).pathname}`);
}

const jsGzip = sum([...jsFiles.values()], "gzip");
const cssGzip = sum(cssFiles, "gzip");
const out = [
  ["Landing HTML (raw / gzip)", `${kb(html.raw)} / ${kb(html.gzip)}`, ""],
  ["Landing CSS (raw / gzip)", `${kb(sum(cssFiles, "raw"))} / ${kb(cssGzip)}`, "<= 20 KB gzip"],
  [
    "Landing first-load JS (raw / gzip)",
    `${kb(sum([...jsFiles.values()], "raw"))} / ${kb(jsGzip)}`,
    "<= 90 KB gzip",
  ],
  ["Landing images (as sent, after scrolling)", `${images.length} files, ${kb(sum(images, "body"))}`, ""],
  ["Landing fonts (as sent)", `${fonts.length} files, ${kb(sum(fonts, "body"))}`, ""],
  ["Landing total transferred (browser, mobile)", kb(total), "<= 200 KB"],
];
if (figures) for (const row of out) appendFileSync(figures, `${row.join("\t")}\n`);
