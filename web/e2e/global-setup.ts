import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { binary, startSite } from "./site-process";

// Global setup: starts the real binary (../bin/site, built by `make build`) once for the whole
// run (e2e/site-process.ts: a free loopback port in 18100–18199, a throwaway SQLite database
// and no SMTP, so emails are logged as JSON lines). The server's stdout and stderr go to a log
// file that tests read through the serverLog fixture. Everything tests need is passed on to
// the workers through environment variables (see the top of fixtures.ts).

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// server.log is kept beside the run's artifacts (E2E_OUTPUT_DIR, see playwright.config.ts).
const resultsDir = process.env.E2E_OUTPUT_DIR
  ? path.resolve(webDir, process.env.E2E_OUTPUT_DIR)
  : path.join(webDir, "test-results");

/** keepLog keeps the server's log with the other results for whoever reads a failure. */
async function keepLog(logPath: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  await copyFile(logPath, path.join(resultsDir, "server.log"));
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The console's second factor needs a key to seal TOTP secrets with: a fresh one per run
  // unless the caller gives one, set in process.env so the workers (which run the CLI on the
  // same database) have it too.
  process.env.ADMIN_SECRET_KEY ||= randomBytes(32).toString("base64");
  const site = await startSite({}, keepLog);
  process.env.E2E_BASE_URL = site.baseURL;
  process.env.E2E_SERVER_LOG = site.logPath;
  process.env.E2E_DATA_DIR = site.dataDir;
  process.env.E2E_DATABASE_URL = site.databaseURL;
  process.env.E2E_SITE_BINARY = binary;
  return () => site.stop();
}
