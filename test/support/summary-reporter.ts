import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with one plain line, `Tests: N passed, N failed[, N skipped]`, which CI reads
 * the same way whatever the test runner.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === "failed" && module.children.size === 0) counts.failed++;
    }
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
