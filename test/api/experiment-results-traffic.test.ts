import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { runTraffic, type TrafficResult } from '../../scripts/traffic';
import type { ExperimentResults } from '../../src/api/schemas/flow-experiments';
import type { FlowTransition } from '../../src/api/schemas/flows';

const SELL_PAGE = 'e1000000-0000-4000-8000-000000000001';
/** Assigned by the traffic, with no effect planted: an A/A experiment. */
const TESTIMONIAL_LOADER = 'e1000000-0000-4000-8000-000000000003';

/**
 * The engine against a known truth: `npm run traffic`'s generator plants +25 % on purchases in
 * sell-page layout 3, through the real machines and the real recording API, and the results
 * must find that layout better than control, and nothing in an experiment with no effect.
 */
describe('experiment results on traffic with a planted effect', () => {
  let api: TestApi;
  let traffic: TrafficResult;
  beforeAll(async () => {
    api = await startTestApi('pglite');
    // The visits' times are laid out back from `now`: pinned to 23:00 UTC yesterday, the days they fall
    // in (the test's daily looks and its default range) are the same whatever time the suite runs.
    const day = 24 * 60 * 60 * 1000;
    traffic = await runTraffic({
      visits: 24_000,
      seed: 54,
      now: Math.floor(Date.now() / day) * day - day / 24,
      days: 14,
      machines: ['purchaseFunnel'],
      effects: [{ experiment: SELL_PAGE, variation: 3, lift: 0.25 }],
      send: async (transitions: FlowTransition[]) => {
        const answer = await api.post('/api/flows/transitions', { transitions });
        if (answer.status !== 202) throw new Error(`recording answered ${answer.status}`);
      },
    });
  }, 120_000);
  afterAll(() => api?.close());

  const results = async (guid: string) => {
    const answer = await api.get<ExperimentResults>(`/api/flows/experiments/${guid}/results`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('finds the planted layout significant and better than control, and no other layout', async () => {
    expect(traffic.effects).toEqual([expect.objectContaining({ goal: 'purchaseFunnel.paid', lift: 0.25 })]);
    const body = await results(SELL_PAGE);
    expect(body).toMatchObject({ machine: 'purchaseFunnel', goal: 'purchaseFunnel.paid', control: 1, warning: null });
    expect(body.srm.mismatch).toBe(false);
    const planted = body.variations.find((v) => v.variation === 3)!;
    expect(planted.vsControl).toMatchObject({ significant: true });
    expect(planted.vsControl!.diff).toBeGreaterThan(0);
    expect(planted.vsControl!.ci95[0]).toBeGreaterThan(0);
    // The interval of the difference holds the planted truth: 25 % of the control's rate.
    const control = body.variations.find((v) => v.variation === 1)!;
    const truth = 0.25 * traffic.effects[0]!.baselineRate;
    expect(planted.vsControl!.ci95[0]).toBeLessThanOrEqual(truth + 0.005);
    expect(planted.vsControl!.ci95[1]).toBeGreaterThanOrEqual(truth - 0.005);
    expect(control.visits).toBeGreaterThan(1500);
    for (const other of body.variations.filter((v) => v.variation !== 3 && v.variation !== 1))
      expect(other.vsControl!.significant, `layout ${other.variation}`).toBe(false);
  });

  it('finds nothing in an A/A experiment', async () => {
    const body = await results(TESTIMONIAL_LOADER);
    expect(body.srm.mismatch).toBe(false);
    expect(body.variations.every((v) => v.vsControl === null || v.vsControl.significant === false)).toBe(true);
    expect(body.variations.reduce((sum, v) => sum + v.visits, 0)).toBeGreaterThan(5000);
  });
});
