import type { PathModel } from '../coverage';
import type { UpsellOffersContext, UpsellOffersInput } from '../../../machines/upsell-offers.machine';
import type { AddOnCharge, SequenceData } from '../../../machines/upsell-sequence.rules';
import { upsellCatalogue, upsellData, upsellInput } from './upsellSequence.model';

/** Two add-ons on the page keep the graph small; every rule is reached with two as with eight. */
export const offersData: SequenceData = { ...upsellData, available: upsellCatalogue.slice(0, 2) };

export const offersInput: UpsellOffersInput = {
  purchase: upsellInput.purchase,
  startAt: 'offers',
  frameOrigin: upsellInput.frameOrigin,
};
export const surveyInput: UpsellOffersInput = { ...offersInput, startAt: 'survey' };

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
const framePaid = {
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
};

export const upsellOffersModel: PathModel = {
  inputs: [offersInput, surveyInput],
  events: (snapshot) => {
    const c = snapshot.context as UpsellOffersContext;
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadSequence', output: offersData },
        // Both already owned: nothing to offer.
        { type: 'xstate.done.actor.loadSequence', output: { ...offersData, ownedProducts: ['RSMRVW', 'BOLDPRO'] } },
        { type: 'xstate.error.actor.loadSequence', error: new Error('503') },
      ];
    }
    if (snapshot.matches('charging')) {
      return [
        { type: 'xstate.done.actor.chargeAddOn', output: paid },
        { type: 'xstate.done.actor.chargeAddOn', output: declined },
        { type: 'xstate.error.actor.chargeAddOn', error: new Error('503') },
      ];
    }
    if (snapshot.matches('savingSurvey')) {
      return [
        { type: 'xstate.done.actor.saveSurveyAnswer', output: { answerId: 1, reason: c.reason } },
        { type: 'xstate.error.actor.saveSurveyAnswer', error: new Error('503') },
      ];
    }
    const frame = snapshot.matches({ choosing: 'declined' })
      ? [
          { type: 'xstate.done.actor.cardFrame', output: framePaid },
          {
            type: 'xstate.done.actor.cardFrame',
            output: { kind: 'redirect', url: 'http://127.0.0.1:8080/sandbox/apm?transactionId=9' },
          },
          { type: 'xstate.error.actor.cardFrame', error: new Error('frame crashed') },
        ]
      : [];
    return [
      ...frame,
      ...c.offers.map((o) => ({ type: 'offers.add', offer: o.offer })),
      { type: 'offers.skip' },
      { type: 'survey.choose', reason: 'notNeeded' },
      { type: 'survey.submit' },
      { type: 'survey.skip' },
      { type: 'sequence.retry' },
      { type: 'sequence.leave' },
    ];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context as UpsellOffersContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      startAt: c.startAt,
      offers: c.offers.length,
      // How many were added, and whether the add-on in hand failed: which ones does not change what follows.
      taken: c.taken.length,
      failed: Object.values(c.statuses).some((v) => v === 'declined' || v === 'unavailable'),
      reason: c.reason !== null,
      surveyStored: c.surveyStored,
      surveyFailed: c.surveyFailed,
      leftEarly: c.leftEarly,
    });
  },
};
