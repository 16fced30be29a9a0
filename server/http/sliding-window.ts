/**
 * The sliding-window estimate behind the rate limits. Counts are kept per fixed window, and a
 * request is judged by the current window's count plus the previous window's count weighted by
 * how much of the previous window still lies inside the last `windowSeconds`. Unlike a bare
 * fixed window, a client cannot pass twice the limit by straddling a window's start.
 */
export interface WindowCounts {
  /** Hits in the current window, this request included. */
  currentHits: number;
  /** Hits in the window before it. */
  previousHits: number;
  /** Seconds since the current window started, in [0, windowSeconds). */
  elapsedSeconds: number;
  windowSeconds: number;
}

export function estimatedHits({ currentHits, previousHits, elapsedSeconds, windowSeconds }: WindowCounts): number {
  const previousWeight = Math.max(0, 1 - elapsedSeconds / windowSeconds);
  return currentHits + previousHits * previousWeight;
}

export function isWithinLimit(counts: WindowCounts, limit: number): boolean {
  return estimatedHits(counts) <= limit;
}

/**
 * Whole seconds, at least 1, until one more request would be within the limit, assuming no
 * other request comes in the meantime. A request now counts in the current window; the wait
 * ends either later in this window, as the previous window's weight fades, or in the next one,
 * as this window's weight fades, or at the latest when both windows have passed.
 */
export function secondsUntilAllowed(
  { currentHits, previousHits, elapsedSeconds, windowSeconds }: WindowCounts,
  limit: number,
): number {
  const room = limit - 1;
  const candidates: number[] = [2 * windowSeconds];
  if (currentHits <= room) {
    // In this window: currentHits + previousHits * (1 - e / W) <= room.
    const fadeTo = previousHits === 0 ? 0 : windowSeconds * (1 - (room - currentHits) / previousHits);
    if (fadeTo < windowSeconds) candidates.push(Math.max(fadeTo, elapsedSeconds));
  }
  // In the next window: currentHits * (1 - (e - W) / W) <= room.
  const nextFadeTo =
    currentHits === 0 ? windowSeconds : windowSeconds + windowSeconds * Math.max(0, 1 - room / currentHits);
  candidates.push(nextFadeTo);
  return Math.max(1, Math.ceil(Math.min(...candidates) - elapsedSeconds));
}
