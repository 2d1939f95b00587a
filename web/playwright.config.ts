import { readFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { scaled } from "./e2e/timeouts";

// End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium, never a browser
// download) against the real built binary ../bin/site, which e2e/global-setup.ts starts on a
// free loopback port with a throwaway SQLite database. See e2e/fixtures.ts for what tests get.

/**
 * chromiumArgs are the flags of DESIGN §6, kept in e2e/chromium-flags.json so bench/ uses the
 * same list. The host-resolver rule matters most: without it Chromium keeps resolving Google's
 * hosts in the background, and a page that wrongly loads something from another host would
 * hang instead of failing fast.
 */
export const chromiumArgs: string[] = JSON.parse(
  readFileSync(new URL("./e2e/chromium-flags.json", import.meta.url), "utf8"),
);

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // E2E_OUTPUT_DIR keeps two runs in one checkout from deleting each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results/artifacts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // Two cores: the server, the browser and the runner share them.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // No retries: they would hide a real failure. Timeouts scale on CI and on a busy machine
  // (e2e/timeouts.ts); long journeys mark themselves slow and give each test.step() its own
  // bound. 60 s, not 30: a page load, its hydration and an axe run took 40 s on two cores
  // loaded far beyond a second `make test`.
  retries: 0,
  timeout: scaled(60_000),
  // 10 s, not Playwright's 5: on two busy cores an axe run or a hydration can take seconds,
  // and a condition that holds returns as soon as it holds.
  expect: { timeout: scaled(10_000) },
  // "list" shows each test; the summary reporter ends the run with "e2e: N passed, N failed".
  reporter: [["list"], ["./e2e/summary-reporter.ts"]],
  use: {
    // The real origin is only known once global setup has picked a port; the baseURL fixture
    // in e2e/fixtures.ts reads it from E2E_BASE_URL in each worker.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
});
