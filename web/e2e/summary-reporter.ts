import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * SummaryReporter ends the run with one plain line, "e2e: N passed, N failed, N skipped",
 * that CI reads. Each test counts once, by its final outcome.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase["outcome"]>>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test, test.outcome());
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const outcome of this.outcomes.values()) {
      if (outcome === "expected" || outcome === "flaky") passed++;
      else if (outcome === "skipped") skipped++;
      else failed++;
    }
    // A run that broke outside any test (global setup, a timeout) fails by its exit code;
    // say so, so that "0 failed" is not misread.
    if (result.status !== "passed" && failed === 0) {
      process.stdout.write(`\ne2e: run ${result.status} outside the tests (see above)`);
    }
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
