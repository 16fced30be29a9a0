import { describe, expect, it } from 'vitest';
import { batchedSends } from '../../src/analytics/batched-sends';

function manualTimers() {
  const pending: (() => void)[] = [];
  return {
    setTimer: (run: () => void) => void pending.push(run),
    fire: () => pending.splice(0).forEach((run) => run()),
  };
}

describe('batchedSends', () => {
  it('sends the items gathered before the timer in one call, and settles each with it', async () => {
    const calls: number[][] = [];
    const timers = manualTimers();
    const send = batchedSends<number>(async (items) => void calls.push(items), { max: 100, setTimer: timers.setTimer });
    const sent = [send(1), send(2), send(3)];
    expect(calls).toEqual([]);
    timers.fire();
    await Promise.all(sent);
    expect(calls).toEqual([[1, 2, 3]]);
    await Promise.all([send(4), Promise.resolve(timers.fire())]);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('sends a full batch at once, and its timer does not send the next batch early', async () => {
    const calls: number[][] = [];
    const timers = manualTimers();
    const send = batchedSends<number>(async (items) => void calls.push(items), { max: 2, setTimer: timers.setTimer });
    const first = [send(1), send(2)];
    await Promise.all(first);
    expect(calls).toEqual([[1, 2]]);
    const third = send(3);
    expect(calls).toHaveLength(1);
    timers.fire();
    await third;
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it('rejects every item of a call that fails, so the queue keeps them for a retry', async () => {
    const timers = manualTimers();
    const send = batchedSends<number>(async () => Promise.reject(new Error('offline')), {
      max: 10,
      setTimer: timers.setTimer,
    });
    const sent = [send(1), send(2)];
    timers.fire();
    const outcomes = await Promise.allSettled(sent);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
