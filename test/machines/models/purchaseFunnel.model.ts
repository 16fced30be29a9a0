import type { PathModel } from '../coverage';
import type { FunnelOffer } from '../../../machines/purchase-funnel.rules';
import { offerWith, PAYMENT } from '../fixtures/purchase-funnel';

// The abandoned-cart entry needs a plan left in the cart.
const offer = (overrides: Partial<FunnelOffer> = {}) => offerWith({ savedCartSkuId: 103, ...overrides });
const payment = PAYMENT;
const base = { requestedSkuId: null, jobId: null, apmReturn: null, frameOrigin: 'http://127.0.0.1:8080' };

export const purchaseFunnelModel: PathModel = {
  inputs: [
    { ...base, entry: 'sell' },
    { ...base, entry: 'checkout', requestedSkuId: 103 },
    { ...base, entry: 'abandonCart' },
    { ...base, entry: 'sell', requestedSkuId: 101 },
    { ...base, entry: 'sell', jobId: 'J-1' },
    { ...base, entry: 'apmReturn', apmReturn: { transactionId: 9, skuId: 103, method: 'PYPL', approved: true } },
  ],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadOffer', output: offer() },
        { type: 'xstate.done.actor.loadOffer', output: offer({ alreadySubscribed: true }) },
        { type: 'xstate.done.actor.loadOffer', output: offer({ signedIn: false }) },
        { type: 'xstate.error.actor.loadOffer', error: new Error('offline') },
      ];
    }
    if (snapshot.matches('lookingUpJob')) {
      return [
        {
          type: 'xstate.done.actor.lookUpJob',
          output: { IsEligible: true, IsJobExpired: false, applyURL: 'jobs.example/1' },
        },
        { type: 'xstate.done.actor.lookUpJob', output: { IsEligible: true, IsJobExpired: true, applyURL: null } },
        { type: 'xstate.error.actor.lookUpJob', error: new Error('lookup failed') },
      ];
    }
    if (snapshot.matches('completingApm')) {
      return [
        { type: 'xstate.done.actor.completeApmPayment', output: { ...payment, paymentMethod: 'PYPL' } },
        { type: 'xstate.error.actor.completeApmPayment', error: new Error('not approved') },
      ];
    }
    return [
      { type: 'offer.retry' },
      { type: 'plan.select', skuId: 101 },
      { type: 'plan.select', skuId: 999 },
      { type: 'plan.continue' },
      { type: 'plan.change' },
      { type: 'payment.methodSelect', method: 'PYPL' },
      { type: 'payment.methodSelect', method: 'CRCD' },
      { type: 'payment.methodSelect', method: 'BTGP' },
      { type: 'payment.processing' },
      { type: 'payment.failed', failure: { code: 'card_declined' } },
      { type: 'payment.stopped' },
      { type: 'xstate.after.delayedNotice.purchaseFunnel.checkout.processing.waiting' },
      { type: 'xstate.after.processingLogThreshold.purchaseFunnel.checkout.processing.delayed' },
      { type: 'xstate.done.actor.checkoutFrame', output: { kind: 'paid', payment } },
      {
        type: 'xstate.done.actor.checkoutFrame',
        output: { kind: 'redirect', url: 'http://127.0.0.1:8080/sandbox/apm?transactionId=9' },
      },
      { type: 'xstate.error.actor.checkoutFrame', error: new Error('frame crashed') },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.entry,
      snapshot.context.selectedSkuId,
      snapshot.context.paymentMethod,
      snapshot.context.failure !== null,
      snapshot.context.job.status,
      snapshot.context.offer?.signedIn,
    ]),
};
