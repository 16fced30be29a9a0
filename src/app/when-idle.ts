/**
 * Runs `work` once the browser has nothing more urgent to do (after the first page has been
 * drawn), or after `timeoutMs` at the latest. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(handle);
}

/** Settles once the browser is idle (see `whenIdle`). */
export function idle(timeoutMs?: number): Promise<void> {
  return new Promise((resolve) => void whenIdle(resolve, timeoutMs));
}
