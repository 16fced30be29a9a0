import type { PathModel } from '../coverage';
import type { ServiceOffersInput } from '../../../machines/service-offers.machine';
import type { ServiceOffer } from '../../../machines/service-offers.rules';

/** Two services of a market, as the loader hands them to the machine. */
export const usOffers: ServiceOffer[] = [
  { skuId: 120, kind: 'resumeReview', formattedPrice: '$19.95' },
  { skuId: 121, kind: 'tuneUp', formattedPrice: '$49.95' },
];
/** What the API client throws for an outage. */
export const outage = { kind: 'server', status: 503, fields: {} };

export const serviceOffersModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000001', page: 'offers' }] satisfies ServiceOffersInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadOffers', output: usOffers },
        { type: 'xstate.done.actor.loadOffers', output: [] },
        { type: 'xstate.error.actor.loadOffers', error: outage },
      ];
    }
    return [
      { type: 'offers.add', skuId: usOffers[0]!.skuId },
      // A SKU the page does not offer is refused.
      { type: 'offers.add', skuId: 999 },
      { type: 'offers.skip' },
      { type: 'offers.retry' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { offers: ServiceOffer[]; chosenSkuId: number | null };
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      offers: context.offers.length,
      chosen: context.chosenSkuId,
    });
  },
};
