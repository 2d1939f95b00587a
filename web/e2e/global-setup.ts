import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Global setup: starts the real binary (../bin/site, built by `make build`) once for the whole
// run on a free loopback port in 18100–18199, with a throwaway SQLite database and no SMTP,
// so emails are logged as JSON lines. The server's stdout and stderr go to a log file that
// tests read through the serverLog fixture. Everything tests need is passed on to the workers
// through environment variables (see the top of fixtures.ts).

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// E2E_SITE_BINARY points the run at another build of the binary (default ../bin/site).
const binary = path.resolve(webDir, process.env.E2E_SITE_BINARY ?? "../bin/site");
// server.log is kept beside the run's artifacts (E2E_OUTPUT_DIR, see playwright.config.ts).
const resultsDir = process.env.E2E_OUTPUT_DIR
  ? path.resolve(webDir, process.env.E2E_OUTPUT_DIR)
  : path.join(webDir, "test-results");

/** freePort finds a port in [from, to] that nothing listens on, starting at a random point. */
async function freePort(from = 18100, to = 18199): Promise<number> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((start + i) % span);
    const ok = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`e2e: no free port in ${from}-${to}`);
}

async function waitHealthy(baseURL: string, child: ChildProcess): Promise<void> {
  // Generous: the binary compresses every file once at start, and this machine is shared.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `e2e: ${binary} exited with ${child.exitCode} at start; see ${path.join(resultsDir, "server.log")}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `e2e: ${baseURL}/healthz did not answer within 60s; see ${path.join(resultsDir, "server.log")}`,
  );
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(binary)) {
    throw new Error(`e2e: ${binary} is missing; run \`make build\` (or \`make test-e2e\`) first`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "teachpilot-e2e-"));
  const logPath = path.join(dataDir, "server.log");
  const log = createWriteStream(logPath);

  // The console's second factor needs a key to seal TOTP secrets with; a fresh one per run
  // unless the caller gives one. Set in process.env so the workers (which run the CLI on the
  // same database) have it too.
  process.env.ADMIN_SECRET_KEY ||= randomBytes(32).toString("base64");
  const databaseURL = `sqlite:${path.join(dataDir, "e2e.db")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ADDR: `127.0.0.1:${port}`,
    BASE_URL: baseURL,
    DATABASE_URL: databaseURL,
    LOG_LEVEL: "debug",
    // Tests submit forms quickly from one address; limits are tested in Go, not here.
    RATE_LIMIT: "off",
    SHUTDOWN_TIMEOUT: "5s",
  };
  // No SMTP: the outbox logs every email as a JSON line, which forms tests read.
  delete env.SMTP_URL;

  const child = spawn(binary, [], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const keepLog = async () => {
    // Keep the server's log with the other results for whoever reads a failure.
    mkdirSync(resultsDir, { recursive: true });
    await copyFile(logPath, path.join(resultsDir, "server.log")).catch(() => {});
  };
  try {
    await waitHealthy(baseURL, child);
  } catch (err) {
    child.kill("SIGKILL");
    await keepLog();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logPath;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DATABASE_URL = databaseURL;
  process.env.E2E_SITE_BINARY = binary;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 6_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    log.end();
    await keepLog();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
