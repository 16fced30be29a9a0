import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ConfigFeatures } from '../../src/api/schemas/pages';
import type { VisitorContext } from '../../src/domain/eligibility';
import {
  freeReviewApplies,
  freeReviewExit,
  freeReviewFactsFrom,
  NO_FREE_REVIEW,
  provideFreeReview,
  type FreeReviewDeps,
} from '../../src/features/cancellation/free-review-effects';
import { FEATURE_FLAGS, FEATURE_RULES } from '../../server/db/seed/remote-config';
import { hrefOfDestination, type Destination } from '../../src/routing/route-target';

/** The Cancellation configuration as the seed serves it, with the FRRC flag as given. */
const cancellationConfig = (flagActive = true): ConfigFeatures => ({
  Flags: FEATURE_FLAGS.map((f) => ({
    FeatureCD: f.feature_cd,
    IsActive: f.feature_cd === 'FRRC' ? flagActive : f.is_active,
  })),
  Features: FEATURE_RULES.filter((f) => f.module_name === 'Cancellation').map((f) => ({
    FeatureCD: f.feature_cd,
    ModuleName: f.module_name,
    Rule: f.rule,
    Config: f.config as ConfigFeatures['Features'][number]['Config'],
  })),
  Experiments: [],
});

const visitor = (country: string, userType: string): VisitorContext & { device: 'Desktop' } => ({
  country,
  state: null,
  userType,
  device: 'Desktop',
  flow: null,
  page: 'CancellationReview',
  preferences: {},
  lowIntent: {},
});

const record = (is_intake_filled: boolean, is_pending: boolean, available_free: number) => ({
  is_intake_filled,
  is_pending,
  available_free,
});

describe('whether the free review applies', () => {
  it.each([
    ['US', 'ACTV', true],
    ['GB', 'EXPR', true],
    ['CA', 'ACTV', true],
    ['DE', 'ACTV', false],
    ['IN', 'ACTV', false],
    ['US', 'EXPD', false],
    ['US', 'NEW', false],
  ] as const)('%s %s: %s', (country, userType, applies) => {
    expect(freeReviewApplies(cancellationConfig(), visitor(country, userType))).toBe(applies);
  });

  it('does not when the flag is off, or the feature is not configured', () => {
    expect(freeReviewApplies(cancellationConfig(false), visitor('US', 'ACTV'))).toBe(false);
    expect(freeReviewApplies({ ...cancellationConfig(), Features: [] }, visitor('US', 'ACTV'))).toBe(false);
  });
});

describe('the facts the step is read from', () => {
  it('is the record as the server keeps it, and a resume when the latest one has an id', () => {
    expect(freeReviewFactsFrom({ FreeReview: record(true, true, 0) }, 'doc-1')).toEqual({
      record: record(true, true, 0),
      hasResume: true,
    });
    expect(freeReviewFactsFrom({ FreeReview: null }, null)).toEqual({ record: null, hasResume: false });
  });
});

describe('where the page leads', () => {
  const urls = { dashboardUrl: '/dashboard' };
  it.each([
    ['intake', '/payment/resume-review'],
    ['review', '/payment/resume-review'],
    ['waitForReview', '/dashboard'],
    ['documentHome', '/dashboard'],
    ['continueCancelling', '/payment/cancellation/final-offer'],
  ] as const)('%s: %s', (next, url) => {
    expect(hrefOfDestination(freeReviewExit({ next }, urls))).toBe(url);
  });
});

describe('the page with its effects', () => {
  function page(options: { config: ConfigFeatures; country: string; claim?: () => Promise<unknown> }) {
    const calls: string[] = [];
    const moves: { url: string; replace: boolean | undefined }[] = [];
    const deps = {
      api: {
        config: { features: async () => (calls.push('config'), options.config) },
        payments: {
          freeFeatureProvided: async () => (
            calls.push('record'),
            { FreeFeatureProvided: false, Features: [], FreeReview: record(false, false, 1) }
          ),
          claimFreeResumeReview: async (query: unknown) => (
            calls.push(`claim ${JSON.stringify(query)}`),
            options.claim ? options.claim() : { OrderID: 5, ...record(false, true, 0) }
          ),
        },
        documents: { latestId: async () => (calls.push('resume'), { DocumentID: 'doc-1', DocTypeCD: 'RSME' }) },
      },
      user: { UserUID: 'u-1', PortalID: 1 },
      visitor: () => visitor(options.country, 'ACTV'),
      navigation: {
        go: (destination: Destination, o?: { replace?: boolean }) =>
          moves.push({ url: hrefOfDestination(destination), replace: o?.replace }),
      },
      dashboardUrl: '/dashboard',
    } as unknown as FreeReviewDeps;
    const actor = createActor(provideFreeReview(deps), { input: { userUid: 'u-1' } }).start();
    return { actor, calls, moves };
  }

  it('where it does not apply, reads nothing more and goes on with the cancellation in place of the page', async () => {
    const { actor, calls, moves } = page({ config: cancellationConfig(), country: 'DE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['config']);
    expect(NO_FREE_REVIEW).toEqual({ record: null, hasResume: false });
    expect(moves).toEqual([{ url: '/payment/cancellation/final-offer', replace: true }]);
  });

  it('claims the offered review for the resume review product and leads to its intake', async () => {
    const { actor, calls, moves } = page({ config: cancellationConfig(), country: 'US' });
    await waitFor(actor, (s) => s.matches('offer'));
    actor.send({ type: 'review.claim' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.slice(0, 3).sort()).toEqual(['config', 'record', 'resume']);
    expect(calls[3]).toBe(
      `claim ${JSON.stringify({ userUID: 'u-1', isNonCancellationFlow: false, deviceType: 'Desktop', productCD: 'RSMRVW', skuPortalID: 1 })}`,
    );
    expect(actor.getSnapshot().context.record).toEqual(record(false, true, 0));
    expect(moves).toEqual([{ url: '/payment/resume-review', replace: false }]);
  });

  it('continuing by choice is a move of its own in the history', async () => {
    const { actor, moves } = page({ config: cancellationConfig(), country: 'US' });
    await waitFor(actor, (s) => s.matches('offer'));
    actor.send({ type: 'review.skip' });
    expect(moves).toEqual([{ url: '/payment/cancellation/final-offer', replace: false }]);
  });
});
