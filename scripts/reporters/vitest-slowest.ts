import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines, type TimedTest } from './slowest';

/** Prints the ten slowest Vitest tests after a run, so a test creeping towards its timeout is seen early. */
export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests: TimedTest[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        if (duration !== undefined)
          tests.push({ name: `${module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, ms: duration });
      }
    }
    if (tests.length === 0) return;
    console.log(`\nThe 10 slowest Vitest tests:\n${slowestLines(tests).join('\n')}\n`);
  }
}
