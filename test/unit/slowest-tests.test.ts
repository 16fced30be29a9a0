import { describe, expect, it } from 'vitest';
import { slowestLines } from '../../scripts/reporters/slowest';

describe('the slowest-tests report', () => {
  it('lists the slowest first, at most the count asked for, in seconds', () => {
    const tests = Array.from({ length: 12 }, (_, i) => ({ name: `test ${i}`, ms: (i + 1) * 1000 }));
    const lines = slowestLines(tests);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('  12.0 s  test 11');
    expect(lines[9]).toBe('   3.0 s  test 2');
  });
});
