import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { overAThirdOfTimeoutLines, slowestLines, type TimedTest } from './slowest';

/**
 * Prints the ten slowest Playwright tests after a run (each test's longest attempt), and every
 * test that used more than a third of its timeout.
 */
export default class SlowestTestsReporter implements Reporter {
  private readonly tests = new Map<string, TimedTest>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = `[${test.parent.project()?.name ?? ''}] ${test.titlePath().filter(Boolean).slice(1).join(' › ')}`;
    const known = this.tests.get(test.id);
    if (!known || known.ms < result.duration)
      this.tests.set(test.id, { name, ms: result.duration, timeoutMs: test.timeout });
  }

  onEnd(): void {
    if (this.tests.size === 0) return;
    const tests = [...this.tests.values()];
    console.log(`\nThe 10 slowest Playwright tests:\n${slowestLines(tests).join('\n')}\n`);
    const overAThird = overAThirdOfTimeoutLines(tests);
    console.log(
      overAThird.length === 0
        ? 'No test used more than a third of its timeout.\n'
        : `Tests that used more than a third of their timeout (${overAThird.length}):\n${overAThird.join('\n')}\n`,
    );
  }
}
