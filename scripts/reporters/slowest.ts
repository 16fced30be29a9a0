/** The N slowest tests of a run, as lines ready to print: duration, then the test's full name. */
export interface TimedTest {
  name: string;
  ms: number;
  /** The time the test was given, when known. */
  timeoutMs?: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export function slowestLines(tests: readonly TimedTest[], count = 10): string[] {
  return [...tests]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((test) => `${seconds(test.ms)}  ${test.name}`);
}

/**
 * The tests that used more than a third of their time, slowest share first: those that a
 * machine twice as busy could push past their timeout.
 */
export function overAThirdOfTimeoutLines(tests: readonly TimedTest[]): string[] {
  return tests
    .filter(
      (test): test is TimedTest & { timeoutMs: number } =>
        test.timeoutMs !== undefined && test.timeoutMs > 0 && test.ms > test.timeoutMs / 3,
    )
    .sort((a, b) => b.ms / b.timeoutMs - a.ms / a.timeoutMs)
    .map((test) => `${seconds(test.ms)} of ${(test.timeoutMs / 1000).toFixed(0)} s  ${test.name}`);
}
