import { describe, expect, it } from 'vitest';
import { createPageReads } from '../../src/app/page-reads';

describe('page reads', () => {
  it('asks once per visit, and afresh in the next visit', async () => {
    const reads = createPageReads();
    let asked = 0;
    const load = () => Promise.resolve(++asked);
    const first = reads.read('config:Cancellation', load);
    expect(reads.read('config:Cancellation', load), 'drawing again reuses the same answer').toBe(first);
    expect(await first).toBe(1);
    reads.newVisit();
    expect(await reads.read('config:Cancellation', load)).toBe(2);
    expect(asked).toBe(2);
  });

  it('keeps reads of different keys apart', async () => {
    const reads = createPageReads();
    expect(await reads.read('a', async () => 'A')).toBe('A');
    expect(await reads.read('b', async () => 'B')).toBe('B');
  });
});
