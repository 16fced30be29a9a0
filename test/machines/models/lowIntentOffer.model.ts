import type { PathModel } from '../coverage';
import type { LowIntentOfferInput } from '../../../machines/low-intent-offer.machine';
import { LOW_INTENT_OFFERS } from '../../../machines/low-intent-offer.rules';

const returning: LowIntentOfferInput = {
  block: { shown: true, offers: [...LOW_INTENT_OFFERS] },
  localFlag: false,
  preference: 'true',
  signedIn: true,
  claimed: null,
  visitedSecondTime: true,
};

export const lowIntentOfferModel: PathModel = {
  inputs: [
    returning,
    // The local flag alone: the preference is saved on the way in.
    { ...returning, localFlag: true, preference: null },
    // Each rule that keeps the popup closed.
    { ...returning, block: { shown: false, offers: [] } },
    { ...returning, preference: 'false' },
    { ...returning, claimed: 'SkipOffer' },
    { ...returning, visitedSecondTime: false },
    // Configuration that offers only two: the others cannot be accepted.
    { ...returning, block: { shown: true, offers: ['CVCheck', 'CoverLetter'] } },
  ] satisfies LowIntentOfferInput[],
  events: () => [
    { type: 'offer.show', at: 1_000 },
    ...LOW_INTENT_OFFERS.map((offer) => ({ type: 'offer.accept', offer, at: 6_000 })),
    { type: 'offer.decline', at: 4_000 },
    { type: 'offer.dismiss', at: 2_000 },
  ],
};
