import { describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import { summarizeRuns, type LighthouseRun } from '../../bench/lighthouse';

const finished = (tbtMs: number, score: number): { run: LighthouseRun; lhr: Result } => ({
  run: { score, lcpMs: 1000 + tbtMs, tbtMs, cls: 0, landedOn: '/payment/pricing' },
  lhr: { audits: {} } as unknown as Result,
});
const lost: { run: LighthouseRun } = { run: { score: null, lcpMs: null, tbtMs: null, cls: null, landedOn: '', error: 'NO_TRACE' } };

describe('a page’s Lighthouse figures over its rounds', () => {
  it('takes each figure’s median over the runs that finished, and keeps the lost runs on record', () => {
    const figures = summarizeRuns('mobile', [finished(900, 0.7), lost, finished(300, 0.95), finished(500, 0.9), finished(2000, 0.5), finished(400, 0.92)]);
    expect(figures.median.tbtMs).toBe(500);
    expect(figures.median.lcpMs).toBe(1500);
    expect(figures.median.score).toBe(0.9);
    expect(figures.tbtRangeMs, 'the lost run has no TBT to count').toEqual([300, 2000]);
    expect(figures.runs).toHaveLength(6);
    expect(figures.runs.filter((r) => r.error)).toHaveLength(1);
  });

  it('has no figures when no run finished', () => {
    expect(summarizeRuns('desktop', [lost, lost]).median).toEqual({ score: null, lcpMs: null, tbtMs: null, cls: null });
    expect(summarizeRuns('desktop', [lost, lost]).tbtRangeMs).toBeNull();
  });
});
