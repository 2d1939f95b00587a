// Lighthouse 12 (mobile preset: the default form factor, simulated throttling) against each
// URL given, RUNS times each (default 3), in Debian's Chromium. Prints each run and the
// median of every figure, and appends the medians to $BENCH_FIGURES (label<TAB>value<TAB>budget).
//
//   node bench/lighthouse.mjs http://127.0.0.1:18180/ [more URLs…]
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const figures = process.env.BENCH_FIGURES;
const outDir = process.env.BENCH_OUT;

// DESIGN §6 flags (one list for e2e and bench), plus new headless mode.
const chromeFlags = [
  "--headless=new",
  ...JSON.parse(readFileSync(new URL("../web/e2e/chromium-flags.json", import.meta.url), "utf8")),
];

const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = [
  { id: "largest-contentful-paint", label: "LCP", unit: "ms", budget: "<= 1200 ms" },
  { id: "total-blocking-time", label: "TBT", unit: "ms", budget: "<= 50 ms" },
  { id: "cumulative-layout-shift", label: "CLS", unit: "", budget: "<= 0.01" },
  { id: "first-contentful-paint", label: "FCP", unit: "ms", budget: "" },
  { id: "speed-index", label: "Speed Index", unit: "ms", budget: "" },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (v, unit) => (unit === "ms" ? `${Math.round(v)} ms` : v.toFixed(3));

async function runOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      scores: Object.fromEntries(
        categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ),
      metrics: Object.fromEntries(metrics.map((m) => [m.id, lhr.audits[m.id]?.numericValue ?? Number.NaN])),
      bytes: lhr.audits["total-byte-weight"]?.numericValue ?? Number.NaN,
      failing,
      lhr,
    };
  } finally {
    await chrome.kill();
  }
}

for (const url of urls) {
  const path = new URL(url).pathname;
  const results = [];
  for (let i = 1; i <= runs; i++) {
    const r = await runOnce(url);
    results.push(r);
    console.log(
      `  ${path} run ${i}: ${categories.map((c) => `${c} ${r.scores[c]}`).join(", ")}; ` +
        metrics
          .slice(0, 3)
          .map((m) => `${m.label} ${fmt(r.metrics[m.id], m.unit)}`)
          .join(", "),
    );
    if (outDir)
      writeFileSync(
        `${outDir}/lighthouse${path.replace(/\//g, "_") || "_"}-${i}.json`,
        JSON.stringify(r.lhr),
      );
  }
  const failing = [...new Set(results.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  ${path} audits not passed in some run: ${failing.join(", ")}`);

  const rows = [];
  for (const c of categories) {
    rows.push([
      `Lighthouse mobile ${path} ${c} (median of ${runs})`,
      String(median(results.map((r) => r.scores[c]))),
      "100",
    ]);
  }
  for (const m of metrics) {
    rows.push([
      `Lighthouse mobile ${path} ${m.label}`,
      fmt(median(results.map((r) => r.metrics[m.id])), m.unit),
      m.budget,
    ]);
  }
  rows.push([
    `Lighthouse ${path} total byte weight`,
    `${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB`,
    "",
  ]);
  for (const row of rows) {
    console.log(`  ${row[0]}: ${row[1]}`);
    if (figures) appendFileSync(figures, `${row.join("\t")}\n`);
  }
}
