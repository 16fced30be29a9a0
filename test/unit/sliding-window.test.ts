import { describe, expect, it } from 'vitest';
import { estimatedHits, isWithinLimit, secondsUntilAllowed } from '../../server/http/sliding-window';

const W = 600;

describe('the sliding-window rate limit', () => {
  it('weighs the previous window by the share of it still inside the last window', () => {
    expect(estimatedHits({ currentHits: 2, previousHits: 10, elapsedSeconds: 0, windowSeconds: W })).toBe(12);
    expect(estimatedHits({ currentHits: 2, previousHits: 10, elapsedSeconds: 150, windowSeconds: W })).toBe(9.5);
    expect(estimatedHits({ currentHits: 2, previousHits: 10, elapsedSeconds: 600, windowSeconds: W })).toBe(2);
  });

  it('refuses a client that straddles a window start, where a bare fixed window would let twice the limit through', () => {
    // Three requests at the end of one window, then one just after the next window starts.
    const justAfterStart = { currentHits: 1, previousHits: 3, elapsedSeconds: 1, windowSeconds: W };
    expect(isWithinLimit(justAfterStart, 3)).toBe(false);
    // Later in the window the earlier requests have faded enough.
    expect(isWithinLimit({ ...justAfterStart, elapsedSeconds: 250 }, 3)).toBe(true);
  });

  it('admits up to the limit and no further within one window', () => {
    expect(isWithinLimit({ currentHits: 3, previousHits: 0, elapsedSeconds: 10, windowSeconds: W }, 3)).toBe(true);
    expect(isWithinLimit({ currentHits: 4, previousHits: 0, elapsedSeconds: 10, windowSeconds: W }, 3)).toBe(false);
  });

  it('tells how long until one more request would be admitted', () => {
    // Over the limit in this window: wait until this window's weight has faded in the next one.
    // 4 hits, limit 3: the next request fits once 4 * (1 - f) <= 2, half way through the next window.
    expect(secondsUntilAllowed({ currentHits: 4, previousHits: 0, elapsedSeconds: 100, windowSeconds: W }, 3)).toBe(
      600 - 100 + 300,
    );
    // Room in this window once the previous window fades: 1 + 4 * (1 - e / W) <= 2 at e = 450.
    expect(secondsUntilAllowed({ currentHits: 1, previousHits: 4, elapsedSeconds: 60, windowSeconds: W }, 3)).toBe(
      450 - 60,
    );
    // Already within: at least one second, as Retry-After counts whole seconds.
    expect(secondsUntilAllowed({ currentHits: 1, previousHits: 0, elapsedSeconds: 5, windowSeconds: W }, 3)).toBe(1);
    // A flood far over the limit waits until both windows have passed, never longer.
    expect(
      secondsUntilAllowed({ currentHits: 10_000, previousHits: 10_000, elapsedSeconds: 30, windowSeconds: W }, 3),
    ).toBe(2 * W - 30);
  });

  it('the wait it names is exactly when the estimate first allows one more request', () => {
    const cases = [
      { currentHits: 3, previousHits: 7, elapsedSeconds: 42.5, windowSeconds: 60 },
      { currentHits: 1, previousHits: 20, elapsedSeconds: 3, windowSeconds: 60 },
      { currentHits: 25, previousHits: 0, elapsedSeconds: 59, windowSeconds: 60 },
    ];
    for (const counts of cases) {
      const limit = 5;
      const wait = secondsUntilAllowed(counts, limit);
      const admittedAfter = (seconds: number) => {
        const at = counts.elapsedSeconds + seconds;
        const W2 = counts.windowSeconds;
        if (at < W2)
          return isWithinLimit({ ...counts, currentHits: counts.currentHits + 1, elapsedSeconds: at }, limit);
        if (at < 2 * W2)
          return isWithinLimit(
            { currentHits: 1, previousHits: counts.currentHits, elapsedSeconds: at - W2, windowSeconds: W2 },
            limit,
          );
        return true;
      };
      expect(admittedAfter(wait), JSON.stringify(counts)).toBe(true);
      expect(admittedAfter(wait - 1), JSON.stringify(counts)).toBe(false);
    }
  });
});
