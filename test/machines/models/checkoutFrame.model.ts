import type { PathModel } from '../coverage';

const SESSION = '0b6f3c52-7a0e-4d55-9a43-5f2a4c1d9e10';
const payment = {
  transactionId: 7,
  subscriptionId: 3,
  skuId: 103,
  amount: 39.95,
  currency: 'USD',
  replayed: false,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
};

export const checkoutFrameModel: PathModel = {
  inputs: [{ sessionGuid: SESSION, skuId: 102, frameOrigin: 'http://127.0.0.1:8080' }],
  events: () => [
    { type: 'frame.loaded', skuId: 102, sessionGuid: SESSION },
    { type: 'frame.loaded', skuId: 102, sessionGuid: 'some-other-checkout' },
    { type: 'xstate.after.frameLoadTimeout.checkoutFrame.loading' },
    { type: 'frame.reload' },
    { type: 'frame.attached', handle: { post: () => {}, scrollIntoView: () => {} } },
    { type: 'frame.detached' },
    { type: 'frame.resized', height: 512 },
    { type: 'frame.skuUpdated', skuId: 103 },
    { type: 'plan.changed', skuId: 103 },
    { type: 'frame.elementInView', element: 'pay' },
    { type: 'frame.scrollRequested' },
    { type: 'frame.continueClicked' },
    { type: 'frame.loaderShown' },
    { type: 'frame.loaderHidden' },
    { type: 'frame.paymentFailed', failure: { code: 'card_declined', status: 'FAIL' } },
    { type: 'frame.paymentSucceeded', payment },
    { type: 'frame.apmRedirect', url: '/sandbox/apm?transactionId=9' },
    { type: 'frame.apmRedirect', url: 'https://evil.example/steal' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.mountCount > 0,
      snapshot.context.failure !== null,
      snapshot.context.handle !== null,
    ]),
};
