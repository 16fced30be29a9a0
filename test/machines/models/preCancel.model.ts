import type { PathModel } from '../coverage';
import type { PreCancelData, PreCancelInput } from '../../../machines/pre-cancel.machine';
import { HOLDOUT_VARIATION, KEEP_FIRST_VARIATION } from '../../../machines/pre-cancel.rules';

const usDesktop: PreCancelInput = {
  userUid: '5eed0000-0000-4000-8000-000000000003',
  device: 'Desktop',
  countryCd: 'US',
};

const plan: PreCancelData = {
  subscription: {
    subscriptionId: 50003,
    label: 'Monthly',
    accessEndsOn: '2026-12-18T00:00:00.000Z',
    startedOn: '2026-07-24T00:00:00.000Z',
    nextRenewalPrice: '$23.95',
    renewal: {
      nextBillingDate: '2026-12-18T00:00:00.000Z',
      endDate: '2026-12-18T00:00:00.000Z',
      unitPrice: 23.95,
      nextRenewalPrice: 23.95,
      currencyCd: 'USD',
    },
  },
  saveOffer: { offerId: 'freeMonth', kind: 'freeMonth', discountPercent: null, freeMonths: 1 },
  featureBasedFlag: true,
  strategy: 'Default',
  hideOfferInOneClick: true,
  complaint: 'technicalProblem',
  cancelFlowVariation: 1,
  buttonOrderVariation: null,
};

/** The answers loading may give: each rule that changes what the page shows or where cancel leads. */
const loads: PreCancelData[] = [
  plan,
  { ...plan, saveOffer: null, complaint: 'none' },
  { ...plan, strategy: 'OneClick' },
  { ...plan, strategy: 'OneClick', hideOfferInOneClick: false },
  { ...plan, subscription: null, saveOffer: null },
  { ...plan, cancelFlowVariation: HOLDOUT_VARIATION, buttonOrderVariation: KEEP_FIRST_VARIATION },
];

export const preCancelModel: PathModel = {
  inputs: [usDesktop, { ...usDesktop, device: 'Mobile', countryCd: 'DE' }] satisfies PreCancelInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        ...loads.map((output) => ({ type: 'xstate.done.actor.loadPreCancel', output })),
        { type: 'xstate.error.actor.loadPreCancel', error: new Error('503') },
      ];
    }
    if (snapshot.matches('accepting')) {
      return [
        { type: 'xstate.done.actor.acceptSaveOffer', output: {} },
        { type: 'xstate.error.actor.acceptSaveOffer', error: new Error('409') },
      ];
    }
    return [
      { type: 'preCancel.retry' },
      { type: 'preCancel.acceptOffer' },
      { type: 'preCancel.dismissOffer' },
      { type: 'preCancel.cancel' },
      { type: 'preCancel.keep' },
      { type: 'preCancel.getBack' },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      data: (snapshot.context as { data: unknown }).data,
      status: snapshot.status,
    }),
};
