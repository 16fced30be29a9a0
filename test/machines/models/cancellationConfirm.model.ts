import type { PathModel } from '../coverage';
import type { CancellationConfirmInput } from '../../../machines/cancellation-confirm.machine';
import type { ConfirmedCancellation, ConfirmPlan } from '../../../machines/cancellation-confirm.rules';

const activePlan: ConfirmPlan = {
  SubscriptionID: 3,
  SkuLabel: '14-Day Full Access',
  StatusCD: 'ACTV',
  EndDate: '2026-12-09T00:00:00.000Z',
};
const expiringPlan: ConfirmPlan = { ...activePlan, StatusCD: 'EXPR' };
const cancellation: ConfirmedCancellation = {
  CancellationNumber: 'CN20261125000123',
  SkuLabel: activePlan.SkuLabel,
  AccessEndsOn: activePlan.EndDate,
};

export const cancellationConfirmModel: PathModel = {
  inputs: [
    { userUid: '5eed0000-0000-4000-8000-000000000003', cancelFlowVariation: 2 },
  ] satisfies CancellationConfirmInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadPlan', output: activePlan },
        { type: 'xstate.done.actor.loadPlan', output: expiringPlan },
        { type: 'xstate.done.actor.loadPlan', output: null },
        { type: 'xstate.error.actor.loadPlan', error: new Error('503') },
      ];
    }
    if (snapshot.matches('cancelling')) {
      return [
        { type: 'xstate.done.actor.cancelSubscription', output: cancellation },
        { type: 'xstate.error.actor.cancelSubscription', error: { kind: 'server' } },
        { type: 'xstate.error.actor.cancelSubscription', error: { kind: 'conflict' } },
      ];
    }
    return [{ type: 'confirm.cancel' }, { type: 'confirm.keep' }, { type: 'confirm.retry' }];
  },
};
