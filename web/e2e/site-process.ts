import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Starting the real binary: global-setup.ts starts the one every spec shares, and a spec that
// needs the site configured otherwise (plan.spec.ts: with an AI provider) starts its own
// instance the same way: a free loopback port in 18100–18199, a throwaway SQLite database,
// no SMTP (emails are logged as JSON lines), stdout and stderr in a log file.

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** binary is the build under test: E2E_SITE_BINARY, or ../bin/site (built by `make build`). */
export const binary = path.resolve(webDir, process.env.E2E_SITE_BINARY ?? "../bin/site");

/** freePort finds a port in [from, to] that nothing listens on, starting at a random point. */
export async function freePort(from = 18100, to = 18199): Promise<number> {
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
      throw new Error(`e2e: ${binary} exited with ${child.exitCode} at start`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    // The poll interval of a bounded wait for the server to listen.
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`e2e: ${baseURL}/healthz did not answer within 60s`);
}

/** Site is a running instance of the binary. */
export type Site = {
  baseURL: string;
  /** logPath is the server's stdout and stderr (JSON lines). */
  logPath: string;
  /** dataDir holds the database and the log; stop() deletes it. */
  dataDir: string;
  /** databaseURL is the server's DATABASE_URL (the CLI, e.g. `site admin add`, uses the same). */
  databaseURL: string;
  /** stop ends the server (SIGTERM, then SIGKILL after 6 s), runs keep(logPath) if given, and deletes dataDir. */
  stop(keep?: (logPath: string) => Promise<void>): Promise<void>;
};

/**
 * startSite starts the binary with the e2e settings plus env (a value of undefined removes a
 * variable) and returns once /healthz answers. On a failed start the server is killed, keep
 * (if given) may save its log, and the error says where to look.
 */
export async function startSite(
  env: Record<string, string | undefined> = {},
  keep?: (logPath: string) => Promise<void>,
): Promise<Site> {
  if (!existsSync(binary)) {
    throw new Error(`e2e: ${binary} is missing; run \`make build\` (or \`make test-e2e\`) first`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "teachpilot-e2e-"));
  const logPath = path.join(dataDir, "server.log");
  const log = createWriteStream(logPath);
  const databaseURL = `sqlite:${path.join(dataDir, "e2e.db")}`;

  const full: NodeJS.ProcessEnv = {
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
  delete full.SMTP_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete full[k];
    else full[k] = v;
  }

  const child = spawn(binary, [], { env: full, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const stop = async (keepLog = keep) => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      // Not a sleep: the wait is on the exit; 6 s only bounds it before SIGKILL.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 6_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await new Promise<void>((r) => log.end(r));
    await keepLog?.(logPath).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(baseURL, child);
  } catch (err) {
    const tail = (await readFile(logPath, "utf8").catch(() => "")).slice(-2_000);
    await stop();
    throw new Error(`${(err as Error).message}\n--- the end of its log:\n${tail}`);
  }
  return { baseURL, logPath, dataDir, databaseURL, stop };
}
