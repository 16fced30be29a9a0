import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store';
import { createEventQueue, EVENT_MAX_ATTEMPTS } from '../../src/analytics/event-queue';

const body = (name: string) => ({ user_id: 'u1', event_name: name, identify: false, props: {} });

function setup(failures: number, consent = true) {
  const store = new MemoryStore();
  const sent: string[] = [];
  const waits: number[] = [];
  let failuresLeft = failures;
  const options = {
    store,
    consentGiven: () => consent,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    send: async (b: { event_name: string }) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('down');
      }
      sent.push(b.event_name);
    },
  };
  return { store, sent, waits, options, setFailures: (n: number) => (failuresLeft = n) };
}

describe('analytics event queue', () => {
  it('sends at once when the API answers', async () => {
    const t = setup(0);
    const queue = createEventQueue(t.options);
    expect(await queue.track(body('payment screen viewed'))).toBe('sent');
    expect(t.sent).toEqual(['payment screen viewed']);
    expect(queue.pending()).toBe(0);
  });

  it('retries every 500 ms, six tries in all, then keeps the event', async () => {
    const t = setup(EVENT_MAX_ATTEMPTS);
    const queue = createEventQueue(t.options);
    expect(await queue.track(body('offer shown'))).toBe('queued');
    expect(t.waits).toEqual([500, 500, 500, 500, 500]);
    expect(queue.pending()).toBe(1);
  });

  it('succeeds on a later try without queueing', async () => {
    const t = setup(3);
    const queue = createEventQueue(t.options);
    expect(await queue.track(body('identify'))).toBe('sent');
    expect(t.waits).toHaveLength(3);
    expect(queue.pending()).toBe(0);
  });

  it('keeps queued events across a reload and delivers them, in order, once the API is back', async () => {
    const t = setup(2 * EVENT_MAX_ATTEMPTS);
    const first = createEventQueue(t.options);
    await first.track(body('a'));
    await first.track(body('b'));
    expect(first.pending()).toBe(2);

    // A new page load: a new queue object over the same storage.
    const reloaded = createEventQueue(t.options);
    expect(reloaded.pending()).toBe(2);
    expect(await reloaded.flush()).toBe(2);
    expect(t.sent).toEqual(['a', 'b']);
    expect(reloaded.pending()).toBe(0);
  });

  it('stops a flush at the first failure and keeps the rest', async () => {
    const t = setup(2 * EVENT_MAX_ATTEMPTS);
    const queue = createEventQueue(t.options);
    await queue.track(body('a'));
    await queue.track(body('b'));
    t.setFailures(1);
    expect(await queue.flush()).toBe(0);
    expect(queue.pending()).toBe(2);
    expect(await queue.flush()).toBe(2);
  });

  it('sends nothing and stores nothing without consent', async () => {
    const t = setup(0, false);
    const queue = createEventQueue(t.options);
    expect(await queue.track(body('a'))).toBe('skipped');
    expect(t.sent).toEqual([]);
    expect(queue.pending()).toBe(0);
  });

  it('survives unreadable storage', async () => {
    const t = setup(0);
    t.store.setItem('rp.analytics.queue', '{not json');
    const queue = createEventQueue(t.options);
    expect(queue.pending()).toBe(0);
    expect(await queue.track(body('a'))).toBe('sent');
  });
});
