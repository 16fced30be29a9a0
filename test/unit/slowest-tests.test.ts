import { describe, expect, it } from 'vitest';
import { overAThirdOfTimeoutLines, slowestLines } from '../../scripts/reporters/slowest';

describe('the slowest-tests report', () => {
  it('lists the slowest first, at most the count asked for, in seconds', () => {
    const tests = Array.from({ length: 12 }, (_, i) => ({ name: `test ${i}`, ms: (i + 1) * 1000 }));
    const lines = slowestLines(tests);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('  12.0 s  test 11');
    expect(lines[9]).toBe('   3.0 s  test 2');
  });
});

describe('tests over a third of their timeout', () => {
  it('lists those past a third of their own timeout, the largest share first, and no others', () => {
    const lines = overAThirdOfTimeoutLines([
      { name: 'quick', ms: 4_000, timeoutMs: 30_000 },
      { name: 'just under', ms: 10_000, timeoutMs: 30_000 },
      { name: 'just over', ms: 10_100, timeoutMs: 30_000 },
      { name: 'slow but given time', ms: 15_000, timeoutMs: 60_000 },
      { name: 'half', ms: 30_000, timeoutMs: 60_000 },
      { name: 'no timeout known', ms: 50_000 },
    ]);
    expect(lines).toEqual(['  30.0 s of 60 s  half', '  10.1 s of 30 s  just over']);
  });
});
