import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  cancelButtonOrder,
  cancelFlowArm,
  showsFeatureBasedPage,
  showsSingleSaveOffer,
  stepAfterCancel,
  type CancelStep,
  type CancellationStrategy,
  type ComplaintVariant,
  type PreCancelButton,
  type PreCancelDevice,
} from './pre-cancel.rules';
import type { RenewalFacts } from './save-offers.machine';

export interface PreCancelInput {
  userUid: string;
  device: PreCancelDevice;
  countryCd: string;
}

export interface PreCancelSubscription {
  subscriptionId: number;
  label: string;
  accessEndsOn: string;
  /** What the subscription details show: when it started, and the price of the next renewal, formatted for the person. */
  startedOn: string;
  nextRenewalPrice: string;
  /** Its next renewal, for what the save offer costs and when; null when unknown. */
  renewal: RenewalFacts | null;
}

export interface SingleSaveOffer {
  offerId: string;
  kind: 'discount' | 'freeMonth';
  discountPercent: number | null;
  freeMonths: number | null;
}

/** What the page loads: the plan it would cancel and how this market's configuration shapes the page. */
export interface PreCancelData {
  subscription: PreCancelSubscription | null;
  /** The save offer this subscription may still redeem, if any. */
  saveOffer: SingleSaveOffer | null;
  featureBasedFlag: boolean;
  strategy: CancellationStrategy;
  hideOfferInOneClick: boolean;
  /** A complaint variant shows how support can fix the problem instead of a cancellation. */
  complaint: ComplaintVariant;
  /** The person's variation of the cancel-flow experiment (one arm is the holdout). */
  cancelFlowVariation: number | null;
  /** The person's variation of the button-order experiment. */
  buttonOrderVariation: number | null;
}

export interface PreCancelContext extends PreCancelInput {
  buttonOrder: readonly [PreCancelButton, PreCancelButton];
  data: PreCancelData | null;
  /** The page shown is the feature-based save page (US, flag on); else the standard one. */
  featureBasedPage: boolean;
}

export type PreCancelEvent =
  | { type: 'preCancel.retry' }
  | { type: 'preCancel.acceptOffer' }
  /** Close the save offer and look at the page first. */
  | { type: 'preCancel.dismissOffer' }
  | { type: 'preCancel.cancel' }
  | { type: 'preCancel.keep' }
  /** "Get back to my resume". */
  | { type: 'preCancel.getBack' };

export type PreCancelOutput =
  { next: CancelStep } | { next: 'offerAccepted'; offerId: string } | { next: 'settings' } | { next: 'dashboard' };

export interface AcceptOfferInput {
  subscriptionId: number;
  offerId: string;
}

const preCancel = setup({
  types: {
    input: {} as PreCancelInput,
    context: {} as PreCancelContext,
    events: {} as PreCancelEvent,
    output: {} as PreCancelOutput,
  },
  actors: {
    loadPreCancel: fromPromise<PreCancelData, { userUid: string }>(async () => {
      throw new Error('loadPreCancel is provided by the app');
    }),
    acceptSaveOffer: fromPromise<unknown, AcceptOfferInput>(async () => {
      throw new Error('acceptSaveOffer is provided by the app');
    }),
  },
  guards: {
    hasNothingToCancel: (_, params: { data: PreCancelData }) => params.data.subscription === null,
    showsSaveOffer: (_, params: { data: PreCancelData }) =>
      showsSingleSaveOffer({
        offerAvailable: params.data.saveOffer !== null,
        holdout: cancelFlowArm(params.data.cancelFlowVariation) === 'holdout',
        strategy: params.data.strategy,
        hideOfferInOneClick: params.data.hideOfferInOneClick,
      }),
  },
  actions: {
    /** Carries the person where the page's end leads; provided by the app. */
    leavePreCancel: (_, _params: PreCancelOutput) => {},
    rememberData: assign(({ context }, params: { data: PreCancelData }) => ({
      data: params.data,
      buttonOrder: cancelButtonOrder(context.device, params.data.buttonOrderVariation),
      featureBasedPage: showsFeatureBasedPage(params.data.featureBasedFlag, context.countryCd),
    })),
  },
});

/** A final state that leads the person on, to where `exit` says. */
function ending(exit: (context: PreCancelContext) => PreCancelOutput) {
  return {
    type: 'final' as const,
    entry: { type: 'leavePreCancel' as const, params: ({ context }: { context: PreCancelContext }) => exit(context) },
    output: ({ context }: { context: PreCancelContext }) => exit(context),
  };
}

const loaded = ({ event }: { event: { output: PreCancelData } }) => ({ data: event.output });

/** The pre-cancel page's "cancel", the same from the page, the offer and a failed acceptance. */
const cancel = { target: '#preCancel.cancelling' } as const;

/**
 * The pre-cancel page (spec §2 "Cancellation"): it loads the plan, then puts the single save
 * offer forward (unless it is the holdout, none is left to redeem, or one-click hides it) over
 * the page, which is the feature-based save page in the US and the standard one elsewhere.
 * Cancel is one step from every state that shows the page; it leads to the survey or, in the
 * one-click strategy, straight to the confirmation.
 */
export const preCancelMachine = preCancel.createMachine({
  id: 'preCancel',
  context: ({ input }) => ({
    ...input,
    buttonOrder: cancelButtonOrder(input.device, null),
    data: null,
    featureBasedPage: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPreCancel',
        src: 'loadPreCancel',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          {
            guard: { type: 'hasNothingToCancel', params: loaded },
            target: 'nothingToCancel',
            actions: { type: 'rememberData', params: loaded },
          },
          {
            guard: { type: 'showsSaveOffer', params: loaded },
            target: 'offering',
            actions: { type: 'rememberData', params: loaded },
          },
          { target: 'deciding', actions: { type: 'rememberData', params: loaded } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'preCancel.retry': { target: 'loading' }, 'preCancel.keep': { target: 'kept' } },
    },
    nothingToCancel: {
      on: { 'preCancel.keep': { target: 'kept' } },
    },
    offering: {
      on: {
        'preCancel.acceptOffer': { target: 'accepting' },
        'preCancel.dismissOffer': { target: 'deciding' },
        'preCancel.cancel': cancel,
      },
    },
    deciding: {
      on: {
        'preCancel.cancel': cancel,
        'preCancel.keep': { target: 'kept' },
        'preCancel.getBack': { target: 'gotBack' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptSaveOffer',
        src: 'acceptSaveOffer',
        input: ({ context }) => ({
          subscriptionId: context.data!.subscription!.subscriptionId,
          offerId: context.data!.saveOffer!.offerId,
        }),
        onDone: { target: 'offerAccepted' },
        onError: { target: 'acceptFailed' },
      },
    },
    acceptFailed: {
      on: {
        'preCancel.acceptOffer': { target: 'accepting' },
        'preCancel.cancel': cancel,
        'preCancel.keep': { target: 'kept' },
      },
    },
    cancelling: ending((context) => ({ next: stepAfterCancel(context.data!.strategy) })),
    offerAccepted: ending((context) => ({ next: 'offerAccepted', offerId: context.data!.saveOffer!.offerId })),
    kept: ending(() => ({ next: 'settings' })),
    gotBack: ending(() => ({ next: 'dashboard' })),
  },
  output: ({ event }) => event.output as PreCancelOutput,
});

export type PreCancelActor = ActorRefFrom<typeof preCancelMachine>;
