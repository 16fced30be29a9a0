import { and, assign, fromPromise, sendParent, setup } from 'xstate';
import { checkoutFrameMachine, type CheckoutFrameInput, type CheckoutFrameOutput } from './checkout-frame.machine';
import type { PaymentFailure, PaymentSuccess } from './checkout-frame.rules';
import {
  DELAYED_NOTICE_MS,
  FUNNEL_STEPS,
  blocksAsAlreadySubscribed,
  buyableSku,
  isBuyableAtCheckout,
  isJobStillOpen,
  isOfferedMethod,
  isOfferedPlan,
  preselectedPlan,
  showsDelayedNotice,
  type FunnelOffer,
  type FunnelStep,
  type JobLookup,
  type PaymentMethodCode,
  type PlanSku,
} from './purchase-funnel.rules';

export type FunnelEntry = 'sell' | 'checkout' | 'abandonCart' | 'apmReturn';

export interface ApmReturn {
  transactionId: number;
  skuId: number;
  method: PaymentMethodCode;
  approved: boolean;
}

export interface PurchaseFunnelInput {
  entry: FunnelEntry;
  /** The plan named in the address (`?skuid=`), if any: checkout opens with it, the sell page preselects it. */
  requestedSkuId: number | null;
  /** The job of a job-apply flow (`flow=2`), if any. */
  jobId: string | null;
  apmReturn: ApmReturn | null;
  /** Where the card frame is served from: the only origin whose messages count. */
  frameOrigin: string;
}

export type JobStatus = 'none' | 'open' | 'expired';

export interface PurchaseFunnelContext extends PurchaseFunnelInput {
  offer: FunnelOffer | null;
  selectedSkuId: number | null;
  paymentMethod: PaymentMethodCode;
  sessionGuid: string | null;
  failure: PaymentFailure | null;
  job: { status: JobStatus; lookup: JobLookup | null };
  payment: PaymentSuccess | null;
  redirectUrl: string | null;
}

export type PurchaseFunnelEvent =
  | { type: 'plan.select'; skuId: number }
  | { type: 'plan.continue' }
  | { type: 'plan.change' }
  | { type: 'payment.methodSelect'; method: string }
  | { type: 'payment.processing' }
  | { type: 'payment.failed'; failure: PaymentFailure }
  | { type: 'payment.stopped' }
  | { type: 'offer.retry' };

export type PurchaseFunnelOutput =
  | { kind: 'paid'; payment: PaymentSuccess; sku: PlanSku }
  | { kind: 'redirect'; url: string }
  | { kind: 'alreadySubscribed' }
  | { kind: 'signIn'; skuId: number };

/** How the funnel ended, from what it gathered: paid, sent to a payment provider, asked to sign in, or already subscribed. */
export function funnelOutputOf(context: PurchaseFunnelContext): PurchaseFunnelOutput {
  if (context.payment) {
    const sku = buyableSku(context.offer!, context.payment.skuId) ?? buyableSku(context.offer!, context.selectedSkuId)!;
    return { kind: 'paid', payment: context.payment, sku };
  }
  if (context.redirectUrl) return { kind: 'redirect', url: context.redirectUrl };
  if (context.offer?.signedIn === false && context.selectedSkuId !== null)
    return { kind: 'signIn', skuId: context.selectedSkuId };
  return { kind: 'alreadySubscribed' };
}

const leaveFunnel = {
  type: 'leaveFunnel',
  params: ({ context }: { context: PurchaseFunnelContext }) => ({ output: funnelOutputOf(context) }),
} as const;

const offerOfAnswer = ({ event }: { event: unknown }) => ({ offer: (event as { output: FunnelOffer }).output });

/** The card frame as the funnel runs it: its progress reported to the funnel. */
export const funnelCheckoutFrame = checkoutFrameMachine.provide({
  actions: {
    notifyProcessing: sendParent({ type: 'payment.processing' }),
    notifyStopped: sendParent({ type: 'payment.stopped' }),
    notifyFailure: sendParent((_, params: { failure: PaymentFailure }) => ({
      type: 'payment.failed',
      failure: params.failure,
    })),
  },
});

/**
 * The purchase funnel (spec §2 "Flow"): the sell page, checkout with its card frame, the
 * processing wait, and the paid end that hands over to the post-payment destination. A
 * decline keeps the chosen plan and the checkout session, so a retry can never charge twice.
 * Steps: Build CV 0 (before this flow), Choose Access 1, Payment Details 2, Finished 3.
 */
export const purchaseFunnelMachine = setup({
  types: {
    input: {} as PurchaseFunnelInput,
    context: {} as PurchaseFunnelContext,
    events: {} as PurchaseFunnelEvent,
    output: {} as PurchaseFunnelOutput,
    // The card frame is invoked under its own id, so views read `children.checkoutFrame` typed.
    children: {} as { checkoutFrame: 'checkoutFrame' },
  },
  actors: {
    loadOffer: fromPromise<FunnelOffer, { entry: FunnelEntry }>(async () => {
      throw new Error('loadOffer is provided by the app');
    }),
    lookUpJob: fromPromise<JobLookup, { jobId: string }>(async () => {
      throw new Error('lookUpJob is provided by the app');
    }),
    completeApmPayment: fromPromise<PaymentSuccess, ApmReturn>(async () => {
      throw new Error('completeApmPayment is provided by the app');
    }),
    checkoutFrame: funnelCheckoutFrame,
  },
  delays: {
    delayedNotice: ({ context }) => context.offer?.delayedNoticeMs ?? DELAYED_NOTICE_MS,
    processingLogThreshold: ({ context }) => context.offer?.processingLogThresholdMs ?? 60_000,
  },
  guards: {
    isAlreadySubscribed: ({ context }, params: { offer: FunnelOffer }) =>
      blocksAsAlreadySubscribed(params.offer, context.entry, context.requestedSkuId),
    isJobApplyFlow: ({ context }) => context.jobId !== null,
    isJobStillOpen: (_, params: { lookup: JobLookup }) => isJobStillOpen(params.lookup),
    isReturnFromApm: ({ context }, params: { offer: FunnelOffer }) =>
      context.entry === 'apmReturn' &&
      context.apmReturn !== null &&
      isBuyableAtCheckout(params.offer, context.apmReturn.skuId),
    isApmApproved: ({ context }) => context.apmReturn?.approved === true,
    asksForOfferedPlanAtCheckout: ({ context }, params: { offer: FunnelOffer }) =>
      context.entry === 'checkout' && isBuyableAtCheckout(params.offer, context.requestedSkuId),
    namesOfferedPlan: ({ context }, params: { offer: FunnelOffer }) =>
      isOfferedPlan(params.offer.skus, context.requestedSkuId),
    hasOfferedCartPlan: ({ context }, params: { offer: FunnelOffer }) =>
      context.entry === 'abandonCart' && isOfferedPlan(params.offer.skus, params.offer.savedCartSkuId),
    isOfferedPlan: ({ context }, params: { skuId: number }) => isOfferedPlan(context.offer?.skus ?? [], params.skuId),
    isGuest: ({ context }) => context.offer?.signedIn === false,
    hasSelectedPlan: ({ context }) => isOfferedPlan(context.offer?.skus ?? [], context.selectedSkuId),
    isOfferedMethod: ({ context }, params: { method: string }) =>
      isOfferedMethod(context.offer?.paymentMethods ?? [], params.method),
    showsDelayedNotice: ({ context }) => showsDelayedNotice(context.paymentMethod),
    isApmRedirect: (_, params: { output: CheckoutFrameOutput }) => params.output.kind === 'redirect',
  },
  actions: {
    // Effects the app provides.
    startCheckoutSession: assign({ sessionGuid: () => null as string | null }),
    rememberCart: (_, _params: { skuId: number }) => {},
    forgetCart: () => {},
    logSlowProcessing: (_, _params: { method: PaymentMethodCode }) => {},
    reportStep: (_, _params: { step: FunnelStep }) => {},
    // Where the person is moved: the app routes these, no view does.
    showPlans: (_, _params: { skuId: number | null }) => {},
    showCheckout: (_, _params: { skuId: number }) => {},
    leaveFunnel: (_, _params: { output: PurchaseFunnelOutput }) => {},
    storeOffer: assign(({ event }) => {
      const offer = (event as unknown as { output: FunnelOffer }).output;
      return { offer, paymentMethod: offer.paymentMethods[0] ?? ('CRCD' as const) };
    }),
    preselectPlan: assign({ selectedSkuId: ({ context }) => preselectedPlan(context.offer?.skus ?? []) }),
  },
}).createMachine({
  id: 'purchaseFunnel',
  context: ({ input }) => ({
    ...input,
    offer: null,
    selectedSkuId: null,
    paymentMethod: 'CRCD',
    sessionGuid: null,
    failure: null,
    job: { status: 'none', lookup: null },
    payment: null,
    redirectUrl: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['offer.loading'],
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => ({ entry: context.entry }),
        // The guards read the offer from the answer: it is stored by the same transition.
        onDone: [
          {
            guard: { type: 'isAlreadySubscribed', params: offerOfAnswer },
            target: 'alreadySubscribed',
            actions: 'storeOffer',
          },
          { guard: { type: 'isReturnFromApm', params: offerOfAnswer }, target: 'completingApm', actions: 'storeOffer' },
          { guard: 'isJobApplyFlow', target: 'lookingUpJob', actions: ['storeOffer', 'preselectPlan'] },
          {
            guard: { type: 'asksForOfferedPlanAtCheckout', params: offerOfAnswer },
            target: 'checkout',
            actions: ['storeOffer', assign({ selectedSkuId: ({ context }) => context.requestedSkuId })],
          },
          {
            guard: { type: 'namesOfferedPlan', params: offerOfAnswer },
            target: 'choosingPlan',
            actions: ['storeOffer', assign({ selectedSkuId: ({ context }) => context.requestedSkuId })],
          },
          {
            guard: { type: 'hasOfferedCartPlan', params: offerOfAnswer },
            target: 'choosingPlan',
            actions: ['storeOffer', assign({ selectedSkuId: ({ context }) => context.offer!.savedCartSkuId })],
          },
          { target: 'choosingPlan', actions: ['storeOffer', 'preselectPlan'] },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      on: { 'offer.retry': { target: 'loading' } },
    },
    lookingUpJob: {
      tags: ['offer.loading'],
      invoke: {
        id: 'lookUpJob',
        src: 'lookUpJob',
        input: ({ context }) => ({ jobId: context.jobId! }),
        onDone: [
          {
            guard: { type: 'isJobStillOpen', params: ({ event }) => ({ lookup: event.output }) },
            target: 'choosingPlan',
            actions: assign({ job: ({ event }) => ({ status: 'open' as const, lookup: event.output }) }),
          },
          {
            target: 'choosingPlan',
            actions: assign({ job: ({ event }) => ({ status: 'expired' as const, lookup: event.output }) }),
          },
        ],
        // A failed lookup counts as an expired job: the person still gets the sell page.
        onError: { target: 'choosingPlan', actions: assign({ job: { status: 'expired', lookup: null } }) },
      },
    },
    choosingPlan: {
      tags: ['step.chooseAccess'],
      entry: [
        { type: 'reportStep', params: { step: FUNNEL_STEPS.chooseAccess } },
        { type: 'showPlans', params: ({ context }) => ({ skuId: context.selectedSkuId }) },
      ],
      on: {
        'plan.select': {
          guard: { type: 'isOfferedPlan', params: ({ event }) => ({ skuId: event.skuId }) },
          actions: assign({ selectedSkuId: ({ event }) => event.skuId }),
        },
        'plan.continue': [
          { guard: and(['hasSelectedPlan', 'isGuest']), target: 'signingIn' },
          { guard: 'hasSelectedPlan', target: 'checkout' },
        ],
      },
    },
    checkout: {
      tags: ['step.paymentDetails'],
      entry: [
        'startCheckoutSession',
        { type: 'rememberCart', params: ({ context }) => ({ skuId: context.selectedSkuId! }) },
        { type: 'reportStep', params: { step: FUNNEL_STEPS.paymentDetails } },
        { type: 'showCheckout', params: ({ context }) => ({ skuId: context.selectedSkuId! }) },
      ],
      invoke: {
        id: 'checkoutFrame',
        src: 'checkoutFrame',
        input: ({ context }): CheckoutFrameInput => ({
          sessionGuid: context.sessionGuid ?? '',
          skuId: context.selectedSkuId!,
          frameOrigin: context.frameOrigin,
        }),
        onDone: [
          {
            guard: { type: 'isApmRedirect', params: ({ event }) => ({ output: event.output }) },
            target: 'redirectingToApm',
            actions: assign({
              redirectUrl: ({ event }) => (event.output.kind === 'redirect' ? event.output.url : null),
            }),
          },
          {
            target: 'paid',
            actions: assign({ payment: ({ event }) => (event.output.kind === 'paid' ? event.output.payment : null) }),
          },
        ],
        onError: { target: 'unavailable' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'plan.change': { target: '#purchaseFunnel.choosingPlan', actions: assign({ failure: null }) },
            'payment.methodSelect': {
              guard: { type: 'isOfferedMethod', params: ({ event }) => ({ method: event.method }) },
              target: '#purchaseFunnel.checkout',
              reenter: true,
              actions: assign({ paymentMethod: ({ event }) => event.method as PaymentMethodCode, failure: null }),
            },
            'payment.processing': { target: 'processing', actions: assign({ failure: null }) },
            'payment.failed': { actions: assign({ failure: ({ event }) => event.failure }) },
          },
        },
        processing: {
          initial: 'waiting',
          on: {
            'payment.failed': { target: 'editing', actions: assign({ failure: ({ event }) => event.failure }) },
            'payment.stopped': { target: 'editing' },
          },
          states: {
            waiting: {
              after: { delayedNotice: { guard: 'showsDelayedNotice', target: 'delayed' } },
            },
            delayed: {
              tags: ['notice.delayedProcessing'],
              after: {
                processingLogThreshold: {
                  target: 'overdue',
                  actions: { type: 'logSlowProcessing', params: ({ context }) => ({ method: context.paymentMethod }) },
                },
              },
            },
            overdue: {
              tags: ['notice.delayedProcessing'],
            },
          },
        },
      },
    },
    completingApm: {
      tags: ['step.paymentDetails'],
      invoke: {
        id: 'completeApmPayment',
        src: 'completeApmPayment',
        input: ({ context }) => context.apmReturn!,
        onDone: { target: 'paid', actions: assign({ payment: ({ event }) => event.output }) },
        onError: {
          target: 'checkout',
          actions: assign({
            selectedSkuId: ({ context }) => context.apmReturn!.skuId,
            paymentMethod: ({ context }) => context.apmReturn!.method,
            failure: ({ context }) => ({ code: context.apmReturn!.approved ? 'apm_failed' : 'apm_cancelled' }),
          }),
        },
      },
    },
    redirectingToApm: {
      type: 'final',
      entry: leaveFunnel,
    },
    // Stays: the page tells the person they already have a plan.
    alreadySubscribed: {
      type: 'final',
    },
    signingIn: {
      type: 'final',
      entry: leaveFunnel,
    },
    paid: {
      type: 'final',
      tags: ['step.finished'],
      entry: ['forgetCart', { type: 'reportStep', params: { step: FUNNEL_STEPS.finished } }, leaveFunnel],
    },
  },
  output: ({ context }) => funnelOutputOf(context),
});

/** The funnel step a snapshot is in, from its tags. */
export function funnelStepOf(snapshot: { hasTag: (tag: string) => boolean }): FunnelStep {
  if (snapshot.hasTag('step.finished')) return FUNNEL_STEPS.finished;
  if (snapshot.hasTag('step.paymentDetails')) return FUNNEL_STEPS.paymentDetails;
  return FUNNEL_STEPS.chooseAccess;
}
