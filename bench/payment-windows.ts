import type { OpenConnectionsResult } from './open-connections-load';
import { median } from './stats';

/** Timed windows of payments per target, each with its own fresh people, judged by their median. */
export const PAYMENT_WINDOWS = 3;

/**
 * Untimed windows of payments by other fresh people before the timed ones (and as many requests to
 * the floor before it is timed): a shop's server has paid before. On PostgreSQL the server's CPU per
 * payment, window after window of 1,000, was 1.3, 1.15, then 0.8 to 0.9 ms from the third on; with
 * one warm-up window, the first timed window still ran while the server's code was being compiled.
 */
export const PAYMENT_WARM_UP_WINDOWS = 2;

/**
 * The windows of one target as one figure: its rates and latencies are the median window's
 * (one stall of the machine in one window moves that window's p99 by its whole length, as every
 * payment in flight waits it out); its counts (requests, errors, connections opened inside a
 * window) are totals over every window, so one window's error is never outvoted.
 */
export function medianOfWindows(windows: readonly OpenConnectionsResult[]): OpenConnectionsResult {
  if (windows.length === 0) throw new Error('a payment figure needs at least one timed window');
  const middle = (pick: (w: OpenConnectionsResult) => number) => Math.round(median(windows.map(pick))!);
  return {
    requests: windows.reduce((sum, w) => sum + w.requests, 0),
    seconds: windows.reduce((sum, w) => sum + w.seconds, 0),
    requestsPerSecond: middle((w) => w.requestsPerSecond),
    p50Ms: middle((w) => w.p50Ms),
    p99Ms: middle((w) => w.p99Ms),
    errors: windows.reduce((sum, w) => sum + w.errors, 0),
    connectionsUsed: Math.max(...windows.map((w) => w.connectionsUsed)),
    openedInWindow: windows.reduce((sum, w) => sum + w.openedInWindow, 0),
  };
}
