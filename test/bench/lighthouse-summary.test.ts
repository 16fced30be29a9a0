import { describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import { summarizeRuns, type LighthouseRun } from '../../bench/lighthouse';

const finished = (tbtMs: number, score: number): { run: LighthouseRun; lhr: Result } => ({
  run: { score, lcpMs: 1000 + tbtMs, tbtMs, cls: 0, landedOn: '/payment/pricing' },
  lhr: { audits: {} } as unknown as Result,
});
const lost: { run: LighthouseRun } = {
  run: { score: null, lcpMs: null, tbtMs: null, cls: null, landedOn: '', error: 'NO_TRACE' },
};

describe('a page’s Lighthouse figures over its rounds', () => {
  it('takes each figure’s median over the runs that finished, and keeps the lost runs on record', () => {
    const figures = summarizeRuns('mobile', [
      finished(900, 0.7),
      lost,
      finished(300, 0.95),
      finished(500, 0.9),
      finished(2000, 0.5),
      finished(400, 0.92),
    ]);
    expect(figures.median.tbtMs).toBe(500);
    expect(figures.median.lcpMs).toBe(1500);
    expect(figures.median.score).toBe(0.9);
    expect(figures.tbtRangeMs, 'the lost run has no TBT to count').toEqual([300, 2000]);
    expect(figures.runs).toHaveLength(6);
    expect(figures.runs.filter((r) => r.error)).toHaveLength(1);
  });

  it('takes each trace figure’s median over the runs whose trace was counted', () => {
    const traced = (tbtMs: number, mainThreadMs: number, framesDrawn: number) => {
      const one = finished(tbtMs, 0.9);
      return {
        ...one,
        run: {
          ...one.run,
          trace: {
            mainThreadMs,
            mainThreadWallMs: mainThreadMs * 2,
            blockingByThreadTimeMs: tbtMs / 10,
            framesDrawn,
            requests: 70,
          },
        },
      };
    };
    const untraced = { ...finished(100, 0.9), run: { ...finished(100, 0.9).run, trace: null } };
    const figures = summarizeRuns('mobile', [
      traced(300, 500, 23),
      untraced,
      traced(200, 450, 3),
      traced(900, 600, 22),
    ]);
    expect(figures.traceMedian).toEqual({
      mainThreadMs: 500,
      mainThreadWallMs: 1000,
      blockingByThreadTimeMs: 30,
      framesDrawn: 22,
      requests: 70,
    });
    expect(summarizeRuns('mobile', [untraced]).traceMedian).toBeNull();
  });

  it('has no figures when no run finished', () => {
    expect(summarizeRuns('desktop', [lost, lost]).median).toEqual({ score: null, lcpMs: null, tbtMs: null, cls: null });
    expect(summarizeRuns('desktop', [lost, lost]).tbtRangeMs).toBeNull();
  });
});
