import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines, type TimedTest } from './slowest';

/** Prints the ten slowest Playwright tests after a run (each test's longest attempt). */
export default class SlowestTestsReporter implements Reporter {
  private readonly tests = new Map<string, TimedTest>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = `[${test.parent.project()?.name ?? ''}] ${test.titlePath().filter(Boolean).slice(1).join(' › ')}`;
    const known = this.tests.get(test.id);
    if (!known || known.ms < result.duration) this.tests.set(test.id, { name, ms: result.duration });
  }

  onEnd(): void {
    if (this.tests.size === 0) return;
    console.log(`\nThe 10 slowest Playwright tests:\n${slowestLines([...this.tests.values()]).join('\n')}\n`);
  }
}
