import type { PathModel } from '../coverage';

const plan = { SkuLabel: '14-Day Full Access', StatusCD: 'ACTV', UnitPrice: 23.95, CurrencyCD: 'USD', NextBillingDate: '2026-12-09', EndDate: '2026-12-09' };

export const mySettingsModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003' }],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadPlan', output: plan },
        { type: 'xstate.done.actor.loadPlan', output: null },
        { type: 'xstate.error.actor.loadPlan', error: new Error('503') },
      ];
    }
    return [{ type: 'plan.retry' }];
  },
};
