import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store';
import { createEventQueue, type QueuedEvent } from '../../src/analytics/event-queue';

const body = (name: string) => ({ user_id: 'u1', event_name: name, identify: false, props: {} });

/** Two pages (or a page before and after a reload) over one storage, with a shared clock and API. */
function world() {
  const store = new MemoryStore();
  let clock = 1_000;
  let apiUp = false;
  const sent: string[] = [];
  const gates: Array<() => void> = [];
  let holdSends = false;
  const page = (consent = () => true) =>
    createEventQueue({
      store,
      consentGiven: consent,
      now: () => clock,
      sleep: async () => {},
      leaseMs: 20_000,
      send: async (b) => {
        if (holdSends) await new Promise<void>((resolve) => gates.push(resolve));
        if (!apiUp) throw new Error('down');
        sent.push(b.event_name);
      },
    });
  return {
    store,
    sent,
    page,
    stored: () => JSON.parse(store.getItem('rp.analytics.queue') ?? '[]') as QueuedEvent[],
    advance: (ms: number) => (clock += ms),
    setApiUp: (up: boolean) => (apiUp = up),
    hold: (on: boolean) => (holdSends = on),
    release: () => gates.splice(0).forEach((go) => go()),
  };
}

describe('analytics event queue: one delivery per event', () => {
  it('a flush leaves alone an event another page is still sending', async () => {
    const w = world();
    const a = w.page();
    const b = w.page();
    w.setApiUp(true);
    w.hold(true);
    const tracking = a.track(body('in flight'));
    expect(w.stored()[0]!.leaseUntil).toBeGreaterThan(0);
    expect(await b.flush()).toBe(0);
    w.hold(false);
    w.release();
    expect(await tracking).toBe('sent');
    expect(w.sent).toEqual(['in flight']);
    expect(w.stored()).toEqual([]);
  });

  it('a flush in the same page skips the event its own track is retrying', async () => {
    const w = world();
    const a = w.page();
    w.setApiUp(true);
    w.hold(true);
    const tracking = a.track(body('x'));
    const flushing = a.flush();
    w.hold(false);
    w.release();
    expect(await flushing).toBe(0);
    expect(await tracking).toBe('sent');
    expect(w.sent).toEqual(['x']);
  });

  it('frees the event once the retries are spent, for the next flush anywhere', async () => {
    const w = world();
    const a = w.page();
    expect(await a.track(body('later'))).toBe('queued');
    expect(w.stored()[0]!.leaseUntil).toBeUndefined();
    w.setApiUp(true);
    expect(await w.page().flush()).toBe(1);
    expect(w.sent).toEqual(['later']);
  });

  it('an event left leased by a page that closed mid-send is flushed once the lease runs out', async () => {
    const w = world();
    w.hold(true);
    void w.page().track(body('orphan')); // the page "closes": this send never finishes
    const reloaded = w.page();
    w.hold(false);
    w.setApiUp(true);
    expect(await reloaded.flush()).toBe(0);
    w.advance(20_001);
    expect(await reloaded.flush()).toBe(1);
    expect(w.sent).toEqual(['orphan']);
  });

  it('a failed flush frees the event again', async () => {
    const w = world();
    const a = w.page();
    await a.track(body('e'));
    expect(await a.flush()).toBe(0);
    expect(w.stored()[0]!.leaseUntil).toBeUndefined();
  });

  it('flush can run again after an empty flush', async () => {
    const w = world();
    const a = w.page();
    expect(await a.flush()).toBe(0);
    await a.track(body('after'));
    w.setApiUp(true);
    expect(await a.flush()).toBe(1);
  });

  it('discards stored events instead of sending them when consent is withdrawn', async () => {
    const w = world();
    let consent = true;
    const a = w.page(() => consent);
    expect(await a.track(body('before refusal'))).toBe('queued');
    consent = false;
    w.setApiUp(true);
    expect(await a.flush()).toBe(0);
    expect(w.sent).toEqual([]);
    expect(a.pending()).toBe(0);
  });
});
