// Timeouts of the end-to-end run, in one place. Every wait in the specs is on a condition
// (an element, a URL, a log line, a settled scroll); these only bound how long a condition may
// take before the test fails. A shared CI runner is slower than a workstation, so with CI=true
// every bound is scaled by E2E_TIME_SCALE (default 2; also settable by hand on a busy machine).
// No retries: a test that needs one has a real problem to find.

/** timeScale multiplies every timeout of the run: E2E_TIME_SCALE, else 2 on CI, else 1. */
export const timeScale = Number(process.env.E2E_TIME_SCALE ?? (process.env.CI ? 2 : 1)) || 1;

/** scaled returns a timeout in milliseconds, scaled for the machine the run is on. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale);
}
