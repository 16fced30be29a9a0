import type { PathModel } from '../coverage';
import type { FinalOfferData, FinalOfferInput } from '../../../machines/final-offer.machine';

const offer: FinalOfferData = {
  subscriptionId: 50003,
  planLabel: 'Monthly Access',
  renewal: {
    nextBillingDate: '2026-12-18T00:00:00.000Z',
    endDate: '2026-12-18T00:00:00.000Z',
    unitPrice: 23.95,
    nextRenewalPrice: 23.95,
    currencyCd: 'USD',
  },
  pause: true,
  pauseKeepsAccess: false,
};

export const finalOfferModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003' }] satisfies FinalOfferInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadFinalOffer', output: offer },
        // The holdout, or a plan that cannot pause for a month: cancel and keep only.
        { type: 'xstate.done.actor.loadFinalOffer', output: { ...offer, pause: false } },
        { type: 'xstate.done.actor.loadFinalOffer', output: { ...offer, subscriptionId: null, pause: false } },
        { type: 'xstate.error.actor.loadFinalOffer', error: new Error('503') },
      ];
    }
    if (snapshot.matches('pausing')) {
      return [
        { type: 'xstate.done.actor.pausePlan', output: {} },
        { type: 'xstate.error.actor.pausePlan', error: new Error('503') },
      ];
    }
    return [{ type: 'final.retry' }, { type: 'final.pause' }, { type: 'final.cancel' }, { type: 'final.keep' }];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { data: FinalOfferData | null };
    return JSON.stringify({
      value: snapshot.value,
      pause: context.data?.pause ?? null,
      subscriptionId: context.data?.subscriptionId ?? null,
      status: snapshot.status,
    });
  },
};
