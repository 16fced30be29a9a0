import { describe, expect, it } from 'vitest';
import type { OpenConnectionsResult } from '../../bench/open-connections-load';
import { medianOfWindows } from '../../bench/payment-windows';

const window = (p99Ms: number, extra: Partial<OpenConnectionsResult> = {}): OpenConnectionsResult => ({
  requests: 1000,
  seconds: 0.8,
  requestsPerSecond: 1250,
  p50Ms: 75,
  p99Ms,
  errors: 0,
  connectionsUsed: 100,
  openedInWindow: 0,
  ...extra,
});

describe("a payment target's timed windows make one figure", () => {
  it('judges the median window’s p99, so one stalled window does not decide it, and two do', () => {
    expect(medianOfWindows([window(93), window(131), window(96)]).p99Ms).toBe(96);
    expect(medianOfWindows([window(93), window(131), window(126)]).p99Ms).toBe(126);
  });

  it('adds up what must be nothing in every window: one window’s error or new connection is not outvoted', () => {
    const figure = medianOfWindows([window(90), window(91, { errors: 1, openedInWindow: 2 }), window(92)]);
    expect(figure.errors).toBe(1);
    expect(figure.openedInWindow).toBe(2);
    expect(figure.requests).toBe(3000);
  });

  it('takes the median rate and p50 too', () => {
    const figure = medianOfWindows([
      window(90, { requestsPerSecond: 1100, p50Ms: 80 }),
      window(90, { requestsPerSecond: 1400, p50Ms: 70 }),
      window(90, { requestsPerSecond: 1300, p50Ms: 72 }),
    ]);
    expect(figure.requestsPerSecond).toBe(1300);
    expect(figure.p50Ms).toBe(72);
  });

  it('refuses a figure of no window', () => {
    expect(() => medianOfWindows([])).toThrow();
  });
});
