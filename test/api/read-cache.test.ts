import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';

/**
 * Configuration and the catalogue are answered from a short-lived cache; `fromcache=FALSE`
 * reads the database afresh and refreshes the cache (spec §2).
 */
describe('cached reads and fromcache=FALSE', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  const jobWidget = async (query = '') => {
    const answer = await api.get(`/api/config/features?moduleName=SellPage${query}`);
    return (answer.body as { Flags: { FeatureCD: string; IsActive: boolean }[] }).Flags.find(
      (f) => f.FeatureCD === 'JOBW',
    )?.IsActive;
  };
  const annualLabel = async (query = '') => {
    const answer = await api.get(`/api/skus?countryCD=US&sellPageOnly=true${query}`);
    return (answer.body as { Skus: { PlanTier: string; Label: string }[] }).Skus.find(
      (s) => s.PlanTier === 'annualAccess',
    )?.Label;
  };

  it('a flag switched in the database shows only on a fresh read, which then refreshes the cache', async () => {
    expect(await jobWidget()).toBe(false);
    await api.db.query(`update feature_flags set is_active = true where feature_cd = 'JOBW'`);
    expect(await jobWidget(), 'still the cached answer').toBe(false);
    expect(await jobWidget('&fromcache=FALSE')).toBe(true);
    expect(await jobWidget(), 'the fresh read refreshed the cache').toBe(true);
    expect(await jobWidget('&fromcache=false'), 'the value is read in any case').toBe(true);
  });

  it('the catalogue the same way; fromcache=TRUE is not a fresh read', async () => {
    const before = await annualLabel();
    await api.db.query(
      `update skus set label = 'Annual Access (renamed)' where plan_tier = 'annualAccess' and country_cd = 'US'`,
    );
    expect(await annualLabel('&fromcache=TRUE')).toBe(before);
    expect(await annualLabel('&fromcache=FALSE')).toBe('Annual Access (renamed)');
  });
});
