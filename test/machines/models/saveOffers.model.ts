import type { PathModel } from '../coverage';
import type { SaveOffersData, SaveOffersInput } from '../../../machines/save-offers.machine';

const offers: SaveOffersData = {
  subscriptionId: 50003,
  planLabel: 'Monthly Access',
  renewal: {
    nextBillingDate: '2026-12-18T00:00:00.000Z',
    endDate: '2026-12-18T00:00:00.000Z',
    unitPrice: 23.95,
    nextRenewalPrice: 23.95,
    currencyCd: 'USD',
  },
  discount: { offerId: 'halfOffNextRenewal', percent: 50 },
  pauseMonths: [1, 2, 3],
  pauseKeepsAccess: false,
};

export const saveOffersModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003' }] satisfies SaveOffersInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadSaveOffers', output: offers },
        // The limit used (or the holdout): a pause only.
        { type: 'xstate.done.actor.loadSaveOffers', output: { ...offers, discount: null } },
        {
          type: 'xstate.done.actor.loadSaveOffers',
          output: { ...offers, subscriptionId: null, discount: null, pauseMonths: [] },
        },
        { type: 'xstate.error.actor.loadSaveOffers', error: new Error('503') },
      ];
    }
    if (snapshot.matches('takingDiscount')) {
      return [
        { type: 'xstate.done.actor.takeDiscount', output: {} },
        { type: 'xstate.error.actor.takeDiscount', error: new Error('503') },
      ];
    }
    if (snapshot.matches('pausing')) {
      return [
        { type: 'xstate.done.actor.pausePlan', output: {} },
        { type: 'xstate.error.actor.pausePlan', error: new Error('503') },
      ];
    }
    return [
      { type: 'offers.retry' },
      { type: 'offers.takeDiscount' },
      { type: 'offers.pause', months: 2 },
      // A length the page does not offer.
      { type: 'offers.pause', months: 6 },
      { type: 'offers.cancel' },
      { type: 'offers.keep' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { data: SaveOffersData | null; months: number | null };
    return JSON.stringify({
      value: snapshot.value,
      discount: context.data?.discount ?? null,
      months: context.months,
      status: snapshot.status,
    });
  },
};
