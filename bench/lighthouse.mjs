// Lighthouse 12 (mobile preset: the default form factor, simulated throttling) against each
// URL given, RUNS times each (default 3), in Debian's Chromium. Prints each run and the
// median of every figure, and appends the medians to $BENCH_FIGURES (label<TAB>value<TAB>budget).
//
//   node bench/lighthouse.mjs http://127.0.0.1:18180/ [more URLs…]
//
// With LIGHTHOUSE_TWIN=<origin> (bench/twin.mjs) each URL is also measured on that origin, the
// page's no-JS twin, run for run in turn with the real page (so both see the same neighbours),
// and a closing table puts both columns side by side with the LCP ratio (budget: <= 1.1).
// Pages answering an error status (the 404 page) are measured too (ignoreStatusCode); the
// warning Lighthouse gives for them is printed.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const figures = process.env.BENCH_FIGURES;
const outDir = process.env.BENCH_OUT;
const twinOrigin = process.env.LIGHTHOUSE_TWIN;

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

/** LighthouseRuntimeError is a run Lighthouse itself reports as failed (lhr.runtimeError). */
class LighthouseRuntimeError extends Error {}

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
      ignoreStatusCode: true,
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      scores: Object.fromEntries(
        categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ),
      metrics: Object.fromEntries(metrics.map((m) => [m.id, lhr.audits[m.id]?.numericValue ?? Number.NaN])),
      bytes: lhr.audits["total-byte-weight"]?.numericValue ?? Number.NaN,
      // Lighthouse's own measure of this machine's speed (its docs: a high-end desktop scores
      // about 1,500+); simulated TBT multiplies the tasks it sees here by a fixed factor.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
      failing,
      warnings: lhr.runWarnings ?? [],
      lhr,
    };
  } finally {
    await chrome.kill();
  }
}

/** measure is runOnce, tried again (up to twice) when Lighthouse reports that its own trace
 * went wrong (runtimeError NO_NAVSTART and the like: "Please run Lighthouse again"). Any other
 * failure ends the bench. */
async function measure(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (e) {
      if (attempt >= 3 || !(e instanceof LighthouseRuntimeError)) throw e;
      console.log(`  ${url}: ${e.message}; measuring again`);
    }
  }
}

/** summarize prints the runs' medians and appends them to $BENCH_FIGURES; it returns them. */
function summarize(label, results) {
  const failing = [...new Set(results.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  ${label} audits not passed in some run: ${failing.join(", ")}`);
  const warnings = [...new Set(results.flatMap((r) => r.warnings.map(String)))];
  for (const w of warnings) console.log(`  ${label} warning: ${w}`);
  const med = {
    scores: Object.fromEntries(categories.map((c) => [c, median(results.map((r) => r.scores[c]))])),
    metrics: Object.fromEntries(metrics.map((m) => [m.id, median(results.map((r) => r.metrics[m.id]))])),
  };
  const rows = [];
  for (const c of categories) {
    rows.push([`Lighthouse mobile ${label} ${c} (median of ${runs})`, String(med.scores[c]), "100"]);
  }
  for (const m of metrics) {
    rows.push([`Lighthouse mobile ${label} ${m.label}`, fmt(med.metrics[m.id], m.unit), m.budget]);
  }
  rows.push([
    `Lighthouse ${label} total byte weight`,
    `${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB`,
    "",
  ]);
  for (const row of rows) {
    console.log(`  ${row[0]}: ${row[1]}`);
    if (figures) appendFileSync(figures, `${row.join("\t")}\n`);
  }
  return med;
}

const logRun = (label, i, r) =>
  console.log(
    `  ${label} run ${i}: ${categories.map((c) => `${c} ${r.scores[c]}`).join(", ")}; ` +
      metrics
        .slice(0, 3)
        .map((m) => `${m.label} ${fmt(r.metrics[m.id], m.unit)}`)
        .join(", "),
  );
const save = (name, i, r) => {
  if (outDir)
    writeFileSync(`${outDir}/lighthouse${name.replace(/\//g, "_") || "_"}-${i}.json`, JSON.stringify(r.lhr));
};

const table = [];
for (const url of urls) {
  const path = new URL(url).pathname;
  const twinUrl = twinOrigin ? new URL(path, twinOrigin).href : undefined;
  const results = [];
  const twinResults = [];
  for (let i = 1; i <= runs; i++) {
    const r = await measure(url);
    results.push(r);
    logRun(path, i, r);
    save(path, i, r);
    if (twinUrl) {
      const t = await measure(twinUrl);
      twinResults.push(t);
      logRun(`${path} (no-JS twin)`, i, t);
      save(`${path}-twin`, i, t);
    }
  }
  const real = summarize(path, results);
  if (!twinUrl) continue;
  const twin = summarize(`${path} (no-JS twin)`, twinResults);
  const lcp = real.metrics["largest-contentful-paint"];
  const twinLcp = twin.metrics["largest-contentful-paint"];
  const ratio = lcp / twinLcp;
  // The runs are made in pairs (page, twin, page, twin…), each pair beside the same neighbours:
  // the median of the pairs' ratios leaves out much of what the machine did between pairs.
  const paired = median(
    results.map((r, i) => r.metrics["largest-contentful-paint"] / twinResults[i].metrics["largest-contentful-paint"]),
  );
  if (figures) {
    appendFileSync(figures, `Lighthouse mobile ${path} LCP / no-JS twin\t${ratio.toFixed(2)}\t<= 1.1\n`);
    appendFileSync(figures, `Lighthouse mobile ${path} LCP / no-JS twin, median of the pairs\t${paired.toFixed(2)}\t<= 1.1\n`);
  }
  table.push({
    path,
    real,
    twin,
    ratio,
    paired,
    benchmarkIndexes: [...results, ...twinResults].map((r) => r.benchmarkIndex),
  });
}

if (table.length) {
  const s = (m) => categories.map((c) => String(m.scores[c]).padStart(3)).join(" ");
  const ms = (v) => `${Math.round(v)}`.padStart(5);
  const w = Math.max(4, ...table.map((t) => t.path.length));
  console.log(`\n  Lighthouse 12 mobile, median of ${runs}: the page and its no-JS twin`);
  console.log(
    `  ${"page".padEnd(w)}  perf a11y  bp seo |   LCP   TBT   CLS |  twin: perf a11y  bp seo   LCP   TBT | LCP ratio (of medians, median of pairs)`,
  );
  for (const t of table) {
    const r = t.real.metrics;
    console.log(
      `  ${t.path.padEnd(w)}  ${s(t.real)} | ${ms(r["largest-contentful-paint"])} ${ms(r["total-blocking-time"])} ${r["cumulative-layout-shift"].toFixed(3)} |        ${s(t.twin)} ${ms(t.twin.metrics["largest-contentful-paint"])} ${ms(t.twin.metrics["total-blocking-time"])} | ${t.ratio.toFixed(2)}  ${t.paired.toFixed(2)}`,
    );
  }
  const index = median(table.flatMap((t) => t.benchmarkIndexes));
  console.log(`  Lighthouse benchmark index of this machine (median of every run): ${Math.round(index)}`);
  if (figures) appendFileSync(figures, `Lighthouse benchmark index (this machine)\t${Math.round(index)}\t\n`);
}
