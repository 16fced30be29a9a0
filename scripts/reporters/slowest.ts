/** The N slowest tests of a run, as lines ready to print: duration, then the test's full name. */
export interface TimedTest {
  name: string;
  ms: number;
}

export function slowestLines(tests: readonly TimedTest[], count = 10): string[] {
  return [...tests]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((test) => `${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
}
