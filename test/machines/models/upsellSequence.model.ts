import type { PathModel } from '../coverage';
import type { UpsellSequenceContext, UpsellSequenceInput } from '../../../machines/upsell-sequence.machine';
import type { AddOnCharge, OfferSku, SequenceData } from '../../../machines/upsell-sequence.rules';

const sku = (offer: OfferSku['offer'], skuId: number, price: number): OfferSku => ({
  offer,
  skuId,
  label: offer,
  price,
  formattedPrice: `$${price}`,
  currencyCD: 'USD',
  skuTypeCD: 'SING',
});

/** The US catalogue's add-ons after a plan: review, profile website, social card, cover letter. */
export const upsellCatalogue: OfferSku[] = [
  sku('resumeReview', 120, 19.95),
  sku('boldPro', 121, 9.95),
  sku('socialCard', 122, 4.95),
  sku('coverLetter', 123, 69),
];

export const upsellData: SequenceData = {
  order: {
    orderId: 9001,
    skuId: 102,
    productId: 'RSMBLD',
    skuTypeCD: 'SUBS',
    planTier: 'fullAccess',
    lastFour: '4242',
  },
  available: upsellCatalogue,
  ownedProducts: [],
  reviewCta: 'purchaseReview',
  featureTextVariant: null,
};

export const upsellInput: UpsellSequenceInput = {
  purchase: {
    orderId: 9001,
    flow: 'initial',
    device: 'Desktop',
    country: 'US',
    docType: null,
    sequenceId: '0a0b0c0d-0000-4000-8000-000000000000',
    only: null,
  },
  decided: [],
  frameOrigin: 'http://127.0.0.1:8080',
};

const paid: AddOnCharge = {
  status: 'SUCC',
  transactionId: 7001,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: null,
};
const declined: AddOnCharge = {
  status: 'FAIL',
  transactionId: null,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: 'card_declined',
};

/** The offer has been on screen long enough to be added or skipped. */
export const OFFER_SETTLED = 'xstate.after.offerSettle.upsellSequence.offer.settling';

export const upsellSequenceModel: PathModel = {
  inputs: [upsellInput],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadSequence', output: upsellData },
        // Everything already owned: nothing to offer, straight to the end.
        {
          type: 'xstate.done.actor.loadSequence',
          output: { ...upsellData, ownedProducts: ['RSMRVW', 'BOLDPRO', 'SOCCARD', 'CLWRIT'] },
        },
        { type: 'xstate.error.actor.loadSequence', error: new Error('503') },
      ];
    }
    if (snapshot.matches({ offer: 'settling' })) {
      // A press while the offer settles (the second half of a double click) changes nothing.
      return [{ type: OFFER_SETTLED }, { type: 'offer.take' }, { type: 'offer.skip' }, { type: 'sequence.leave' }];
    }
    if (snapshot.matches({ offer: 'charging' })) {
      return [
        { type: 'xstate.done.actor.chargeAddOn', output: paid },
        { type: 'xstate.done.actor.chargeAddOn', output: declined },
        { type: 'xstate.error.actor.chargeAddOn', error: new Error('503') },
      ];
    }
    if (snapshot.matches({ offer: 'declined' })) {
      return [
        // Another card in the frame: paid, or the frame fails.
        {
          type: 'xstate.done.actor.cardFrame',
          output: {
            kind: 'paid',
            payment: {
              transactionId: 7002,
              subscriptionId: null,
              skuId: 120,
              amount: 19.95,
              currency: 'USD',
              replayed: false,
              paymentMethod: 'CRCD',
              cardType: 'VISA',
            },
          },
        },
        {
          type: 'xstate.done.actor.cardFrame',
          output: { kind: 'redirect', url: 'http://127.0.0.1:8080/sandbox/apm?transactionId=9' },
        },
        { type: 'xstate.error.actor.cardFrame', error: new Error('frame crashed') },
        { type: 'offer.take' },
        { type: 'offer.skip' },
        { type: 'sequence.leave' },
      ];
    }
    return [{ type: 'offer.take' }, { type: 'offer.skip' }, { type: 'sequence.retry' }, { type: 'sequence.leave' }];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context as UpsellSequenceContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      offers: c.offers.length,
      index: c.index,
      // Only whether something was taken or skipped matters for what follows, not which.
      taken: c.taken.length > 0,
      skipped: c.skipped.length > 0,
      leftEarly: c.leftEarly,
    });
  },
};
