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

describe('a read React can draw at once', () => {
  type Tagged = Promise<unknown> & { status?: string; value?: unknown; reason?: unknown };

  it("says how it settled, the way React's use records it, so an answer already in is drawn without a fallback", async () => {
    const reads = createPageReads();
    const answered = reads.read('support:US', async () => ({ email: 'help@example.com' })) as Tagged;
    expect(answered.status).toBe('pending');
    await answered;
    expect(answered.status).toBe('fulfilled');
    expect(answered.value).toEqual({ email: 'help@example.com' });

    const failed = reads.read('support:DE', () => Promise.reject(new Error('503'))) as Tagged;
    await expect(failed).rejects.toThrow('503');
    expect(failed.status).toBe('rejected');
    expect(failed.reason).toEqual(new Error('503'));
  });
});

describe('forgetting a read', () => {
  it('asks again for a forgotten key only, as a retry of a failed read does', async () => {
    const reads = createPageReads();
    let asked = 0;
    const failing = reads.read('config:experiments', () => Promise.resolve(++asked === 1 ? 'failed' : 'loaded'));
    const kept = reads.read('demo:personas', () => Promise.resolve('personas'));
    expect(await failing).toBe('failed');
    reads.forget('config:experiments');
    expect(await reads.read('config:experiments', () => Promise.resolve(++asked === 1 ? 'failed' : 'loaded'))).toBe(
      'loaded',
    );
    expect(
      reads.read('demo:personas', () => Promise.resolve('asked again')),
      'another key keeps its answer',
    ).toBe(kept);
    expect(asked).toBe(2);
  });
});
