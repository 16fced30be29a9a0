import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/failure';
import type { Subscription } from '../../src/api/schemas/subscriptions';
import { cancelFlowVariationOf, CANCEL_FLOW_EXPERIMENT_GUID } from '../../src/domain/cancel-flow-arm';
import {
  loadConfirmPlan,
  provideCancellationConfirm,
  type CancellationConfirmDeps,
} from '../../src/features/cancellation/confirm-effects';
import { latestCancellation } from '../../src/features/cancellation/received-cancellation';
import { hrefOfDestination, type Destination } from '../../src/routing/route-target';

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  SubscriptionID: 11,
  UserUID: 'u-1',
  SkuID: 101,
  SkuLabel: 'Monthly Access',
  PlanKind: 'Monthly',
  StatusCD: 'ACTV',
  SubscriptionTypeCD: 'AUTO',
  StartDate: '2026-11-01T00:00:00.000Z',
  EndDate: '2026-12-01T00:00:00.000Z',
  NextBillingDate: '2026-12-01T00:00:00.000Z',
  CancelledOn: null,
  CancellationNumber: null,
  DaysRemaining: 6,
  UnitPrice: 29.95,
  FormattedUnitPrice: '$29.95',
  CurrencyCD: 'USD',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 29.95,
  FormattedNextRenewalPrice: '$29.95',
  PausedFrom: null,
  ResumesOn: null,
  IsPaused: false,
  ...overrides,
});

const user = { UserUID: 'u-1', PortalID: 1, CountryCD: 'US' };
const cancelData = {
  SubscriptionID: 11,
  SkuID: 101,
  SkuLabel: 'Monthly Access',
  PaymentStatus: 'SUCC',
  SubscriptionStatus: 'ACTV',
};

function fakeApi(options: { cancelData?: typeof cancelData | null; cancel?: () => Promise<unknown> } = {}) {
  const calls = { cancels: [] as unknown[], reports: [] as unknown[], tracked: [] as unknown[], moves: [] as string[] };
  const deps: CancellationConfirmDeps = {
    api: {
      pages: {
        cancel: async () => ({
          Content: { reasons: [], offers: [], notes: [] },
          CancellationData: options.cancelData === undefined ? cancelData : options.cancelData,
        }),
      },
      subscriptions: {
        list: async () => ({ Subscriptions: [subscription({})] }),
        cancel: async (body: unknown) => {
          calls.cancels.push(body);
          if (options.cancel) return options.cancel();
          return {
            CancellationNumber: 'CN20261125000001',
            SkuID: 101,
            SkuLabel: 'Monthly Access',
            PaymentStatus: 'SUCC',
            SubscriptionStatus: 'EXPR',
            AccessEndsOn: '2026-12-01T00:00:00.000Z',
            UserType: 'EXPR',
          };
        },
      },
      events: { subscriptionCancelled: async (body: unknown) => (calls.reports.push(body), { id: 1 }) },
    } as unknown as CancellationConfirmDeps['api'],
    user,
    analytics: {
      track: async (name: string, props?: Record<string, unknown>) => (
        calls.tracked.push({ name, props }),
        'sent' as const
      ),
    },
    navigation: { go: (destination: Destination) => void calls.moves.push(hrefOfDestination(destination)) },
  };
  return { deps, calls };
}

describe('the confirm page effects', () => {
  it('loads the plan the cancellation page names, with its period end', async () => {
    expect(await loadConfirmPlan(fakeApi().deps)).toEqual({
      SubscriptionID: 11,
      SkuLabel: 'Monthly Access',
      StatusCD: 'ACTV',
      EndDate: '2026-12-01T00:00:00.000Z',
    });
    expect(await loadConfirmPlan(fakeApi({ cancelData: null }).deps)).toBeNull();
  });

  it('cancels, reports the cancellation to the server and analytics, then goes to the receipt', async () => {
    const { deps, calls } = fakeApi();
    const actor = createActor(provideCancellationConfirm(deps), {
      input: { userUid: 'u-1', cancelFlowVariation: 2 },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'confirm.cancel' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.cancels).toEqual([{ user_uid: 'u-1', subscription_id: 11 }]);
    expect(calls.reports).toEqual([
      {
        user_id: 'u-1',
        subscription_id: 11,
        props: { cancellation_number: 'CN20261125000001', sku_label: 'Monthly Access', cancel_flow_arm: 'holdout' },
      },
    ]);
    expect(calls.tracked).toEqual([
      {
        name: 'subscription cancelled on web',
        props: {
          plan: 'Monthly Access',
          cancellation_number: 'CN20261125000001',
          cancel_flow_arm: 'holdout',
          cancel_flow_variation: 2,
        },
      },
    ]);
    expect(calls.moves).toEqual(['/payment/cancellation/received']);
  });

  it('a server failure keeps the page; keeping the plan goes to my settings', async () => {
    const { deps, calls } = fakeApi({
      cancel: () => Promise.reject(new ApiFailure('server', 503, 'DATABASE_UNAVAILABLE', 'down')),
    });
    const actor = createActor(provideCancellationConfirm(deps), {
      input: { userUid: 'u-1', cancelFlowVariation: null },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'confirm.cancel' });
    await waitFor(actor, (s) => s.hasTag('cancelFailed'));
    actor.send({ type: 'confirm.keep' });
    expect(calls.moves).toEqual(['/payment/mysettings']);
    expect(calls.tracked).toEqual([]);
  });

  it("reads the cancel-flow arm from the portal's experiment cookie, with the address's overrides", () => {
    const cookie = `ew_exp=${encodeURIComponent(JSON.stringify([{ ExperimentGUID: CANCEL_FLOW_EXPERIMENT_GUID, VariationIndex: 3, PortalCD: 'US' }]))}`;
    expect(cancelFlowVariationOf(cookie, 'US', {})).toBe(3);
    expect(cancelFlowVariationOf(cookie, 'DE', {})).toBeNull();
    expect(cancelFlowVariationOf(cookie, 'US', { disableTests: true })).toBeNull();
    expect(
      cancelFlowVariationOf('', 'US', { runTest: { ExperimentGUID: CANCEL_FLOW_EXPERIMENT_GUID, VariationIndex: 4 } }),
    ).toBe(4);
  });
});

describe('the signed-in receipt', () => {
  it('shows the newest cancellation with a number', () => {
    const older = subscription({
      SubscriptionID: 1,
      CancelledOn: '2025-01-01T10:00:00.000Z',
      CancellationNumber: 'CN1',
      StatusCD: 'EXPD',
    });
    const newer = subscription({
      SubscriptionID: 2,
      CancelledOn: '2026-11-25T10:00:00.000Z',
      CancellationNumber: 'CN2',
      StatusCD: 'EXPR',
    });
    expect(latestCancellation([older, newer, subscription({ SubscriptionID: 3 })])).toEqual({
      CancellationNumber: 'CN2',
      SkuLabel: 'Monthly Access',
      CancelledOn: newer.CancelledOn,
      EndDate: newer.EndDate,
    });
    expect(latestCancellation([subscription({})])).toBeNull();
  });
});
