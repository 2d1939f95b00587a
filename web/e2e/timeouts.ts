// Timeouts of the end-to-end run, in one place. Every wait in the specs is on a condition
// (an element, a URL, a log line, a settled scroll); these only bound how long a condition may
// take before the test fails, so a generous bound costs a passing test nothing.
//
// timeScale stretches every bound: E2E_TIME_SCALE when set; else 2 on CI (CI=true, a shared
// runner); else by how busy the machine is when the run starts (the 1-minute load average per
// core, halved, between 1 and 3). Measured here: with the load at ~29 on 2 cores, loading a
// page, hydrating it and running axe took over 40 s. No retries: a test that needs one has
// a real problem to find.
import { cpus, loadavg } from "node:os";

function scale(): number {
  const set = Number(process.env.E2E_TIME_SCALE);
  if (set > 0) return set;
  if (process.env.CI) return 2;
  const perCore = (loadavg()[0] ?? 0) / Math.max(1, cpus().length);
  return Math.min(3, Math.max(1, perCore / 2));
}

/** timeScale multiplies every timeout of the run (see above). */
export const timeScale = scale();

/** scaled returns a timeout in milliseconds, scaled for the machine the run is on. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale);
}
