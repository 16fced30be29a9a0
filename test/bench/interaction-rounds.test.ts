import { describe, expect, it } from 'vitest';
import type { InteractionFigure } from '../../bench/interaction';
import { pooledInteraction } from '../../bench/interaction-rounds';

const visit = (samplesMs: number[], extra: Partial<InteractionFigure> = {}): InteractionFigure => ({
  name: 'plan selection',
  path: '/payment/pricing',
  persona: null,
  state: 'measured',
  medianMs: null,
  samplesMs,
  methods: { eventTiming: samplesMs.length, nextFrame: 0 },
  targets: ['a', 'b'],
  ...extra,
});

describe("the clicks of an interaction's visits are pooled", () => {
  it('takes the median over every click of every visit, not a median of the visits’ medians', () => {
    // Medians per visit: 24, 40, 40 (their median 40); over the nine clicks: 32.
    const figure = pooledInteraction([visit([24, 24, 32]), visit([32, 40, 48]), visit([32, 40, 40])]);
    expect(figure.medianMs).toBe(32);
    expect(figure.samplesMs).toHaveLength(9);
    expect(figure.methods).toEqual({ eventTiming: 9, nextFrame: 0 });
    expect(figure.state).toBe('measured');
  });

  it('is what a visit that did not measure was, with its note, so a failure is never averaged away', () => {
    const failed = visit([], { state: 'failed', note: 'the click left the page' });
    expect(pooledInteraction([visit([30, 31]), failed, visit([29])])).toEqual(failed);
    const notBuilt = visit([], { state: 'not built yet', note: 'no options' });
    expect(pooledInteraction([notBuilt, visit([30])]).state).toBe('not built yet');
  });

  it('pools the first taps of a page at rest: the median tap and wait, and the way most were timed', () => {
    const figure = pooledInteraction([
      visit([40], { firstTouch: { ms: 56, method: 'eventTiming', takeoverMs: 900 } }),
      visit([40], { firstTouch: { ms: 72, method: 'nextFrame', takeoverMs: 1300 } }),
      visit([40], { firstTouch: { ms: 64, method: 'eventTiming', takeoverMs: 1000 } }),
    ]);
    expect(figure.firstTouch).toEqual({ ms: 64, method: 'eventTiming', takeoverMs: 1000 });
  });

  it('refuses to make a figure of no visit at all', () => {
    expect(() => pooledInteraction([])).toThrow();
  });
});
