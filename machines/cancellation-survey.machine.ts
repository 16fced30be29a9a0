import { and, assign, fromPromise, not, setup, type ActorRefFrom } from 'xstate';
import {
  customizeResumeDestination,
  offerForReason,
  type CustomizeResumeDestination,
  type PostSurveyOffer,
  type SurveyDevice,
  type SurveyReason,
} from './cancellation-survey.rules';

/**
 * Default: the answer is followed by the offer it leads to, when there is one.
 * ConfirmationPostSelection: the answer is followed straight by the cancellation's confirmation.
 */
export type SurveyFlowType = 'Default' | 'ConfirmationPostSelection';

export interface CancellationSurveyInput {
  userUid: string;
  /** Decides the order of the reasons (`surveyReasonList`). */
  device: SurveyDevice;
}

/** What the survey loads before it can be answered. */
export interface SurveyData {
  /** The reasons as listed (`surveyReasonList`): only these can be chosen. */
  reasons: readonly SurveyReason[];
  /** Which answer leads to which offer, as the server's cancellation content says. */
  offers: readonly { reason: number; offer: string }[];
  flowType: SurveyFlowType;
  /** The holdout arm of the cancel-flow experiment: no offer is shown at all. */
  holdout: boolean;
  /** Offers this subscription has already redeemed, which are not offered again. */
  redeemedOffers: readonly PostSurveyOffer[];
  subscriptionId: number | null;
  /** The job title of the person's latest resume, when there is one (`surveyHeadingOf`). */
  jobTitle: string | null;
  /** The person's latest resume, which "customize my resume" opens; null when there is none. */
  latestResumeId: string | null;
}

export interface CancellationSurveyContext extends CancellationSurveyInput, SurveyData {
  reason: number | null;
}

export type CancellationSurveyEvent =
  | { type: 'survey.select'; reason: number }
  | { type: 'survey.submit' }
  /** Load again after a failed load, or send the same answer again after a failed send. */
  | { type: 'survey.retry' }
  /** Go on to cancel without answering: the survey never stands in the way. */
  | { type: 'survey.skip' }
  | { type: 'survey.returnToDashboard' }
  | { type: 'offer.accept' }
  /** "No thanks, cancel": the cancel action beside every offer. */
  | { type: 'offer.decline' };

export type CancellationSurveyOutput =
  | { next: 'confirmCancellation'; reason: number | null }
  | { next: 'offer'; offer: Exclude<PostSurveyOffer, 'customizeResume'>; reason: number }
  /** "Customize my resume": the person's own resume, on the device's editor. */
  | { next: 'customizeResume'; destination: CustomizeResumeDestination; device: SurveyDevice; reason: number }
  | { next: 'dashboard' };

export interface SurveyAnswer {
  reason: number;
  flowType: SurveyFlowType;
  subscriptionId: number | null;
}

/** Before anything is loaded: no reason can be chosen and no offer shown. */
const NOTHING_LOADED: SurveyData = {
  reasons: [],
  offers: [],
  flowType: 'Default',
  holdout: false,
  redeemedOffers: [],
  subscriptionId: null,
  jobTitle: null,
  latestResumeId: null,
};

const survey = setup({
  types: {
    input: {} as CancellationSurveyInput,
    context: {} as CancellationSurveyContext,
    events: {} as CancellationSurveyEvent,
    output: {} as CancellationSurveyOutput,
  },
  actors: {
    loadSurvey: fromPromise<SurveyData, CancellationSurveyInput>(async () => {
      throw new Error('loadSurvey is provided by the app');
    }),
    submitAnswer: fromPromise<unknown, SurveyAnswer>(async () => {
      throw new Error('submitAnswer is provided by the app');
    }),
  },
  guards: {
    isListedReason: ({ context }, params: { reason: number }) => context.reasons.some((r) => r.value === params.reason),
    flowShowsOffers: ({ context }) => context.flowType === 'Default',
    isHoldout: ({ context }) => context.holdout,
    answerLeadsToOffer: ({ context }) =>
      context.reason !== null && offerForReason(context.reason, context.offers) !== null,
    offerWasRedeemed: ({ context }) => {
      const offer = context.reason === null ? null : offerForReason(context.reason, context.offers);
      return offer !== null && context.redeemedOffers.includes(offer);
    },
    showsOffer: and(['flowShowsOffers', not('isHoldout'), 'answerLeadsToOffer', not('offerWasRedeemed')]),
    offerCustomizesResume: ({ context }) =>
      context.reason !== null && offerForReason(context.reason, context.offers) === 'customizeResume',
  },
  actions: {
    /** Carries the person where the survey's end leads; provided by the app. */
    leaveSurvey: (_, _params: CancellationSurveyOutput) => {},
    rememberData: assign((_, params: { data: SurveyData }) => ({ ...params.data })),
    rememberReason: assign((_, params: { reason: number }) => ({ reason: params.reason })),
  },
});

/** Choosing a reason the list holds (again, or after a failed send) makes it the answer. */
const chooseListedReason = {
  guard: { type: 'isListedReason', params: ({ event }: { event: { reason: number } }) => ({ reason: event.reason }) },
  target: 'reasonSelected',
  actions: { type: 'rememberReason', params: ({ event }: { event: { reason: number } }) => ({ reason: event.reason }) },
} as const;

/** A final state that leads the person on, to where `exit` says. */
function ending(exit: (context: CancellationSurveyContext) => CancellationSurveyOutput) {
  return {
    type: 'final' as const,
    entry: {
      type: 'leaveSurvey' as const,
      params: ({ context }: { context: CancellationSurveyContext }) => exit(context),
    },
    output: ({ context }: { context: CancellationSurveyContext }) => exit(context),
  };
}

/**
 * The cancellation survey (spec §2 "Cancellation"): it loads the reasons, their offers and the
 * person's arm first; then Default until a reason is chosen, ReasonSelected until it is sent,
 * ReasonSubmitted once stored. Then, in the Default flow, the offer that answer leads to (unless
 * this is the holdout or the offer was redeemed already), else the cancellation's confirmation.
 * Cancelling and going back to the dashboard are possible from every step, loading included;
 * a failed load or send offers a retry, and a failed send keeps the answer.
 */
export const cancellationSurveyMachine = survey.createMachine({
  id: 'cancellationSurvey',
  context: ({ input }) => ({ ...input, ...NOTHING_LOADED, reason: null }),
  initial: 'loading',
  on: {
    'survey.returnToDashboard': { target: '.returnedToDashboard' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSurvey',
        src: 'loadSurvey',
        input: ({ context }) => ({ userUid: context.userUid, device: context.device }),
        onDone: {
          target: 'default',
          actions: { type: 'rememberData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'loadFailed' },
      },
      on: {
        // Cancelling does not wait for the survey to load.
        'survey.skip': { target: 'cancelling' },
      },
    },
    loadFailed: {
      on: {
        'survey.retry': { target: 'loading' },
        'survey.skip': { target: 'cancelling' },
      },
    },
    default: {
      on: {
        'survey.select': chooseListedReason,
        'survey.skip': { target: 'cancelling' },
      },
    },
    reasonSelected: {
      on: {
        'survey.select': chooseListedReason,
        'survey.submit': { target: 'submitting' },
        'survey.skip': { target: 'cancelling' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAnswer',
        src: 'submitAnswer',
        input: ({ context }) => ({
          reason: context.reason!,
          flowType: context.flowType,
          subscriptionId: context.subscriptionId,
        }),
        // Once stored: its offer, when one is shown, else on to cancel.
        onDone: [{ guard: 'showsOffer', target: 'reasonSubmitted' }, { target: 'cancelling' }],
        onError: { target: 'submitFailed' },
      },
    },
    submitFailed: {
      on: {
        'survey.retry': { target: 'submitting' },
        'survey.select': chooseListedReason,
        'survey.skip': { target: 'cancelling' },
      },
    },
    reasonSubmitted: {
      on: {
        // "Customize my resume" opens the resume itself; every other offer has its own page.
        'offer.accept': [{ guard: 'offerCustomizesResume', target: 'customizingResume' }, { target: 'offerChosen' }],
        'offer.decline': { target: 'cancelling' },
      },
    },
    cancelling: ending((context) => ({ next: 'confirmCancellation', reason: context.reason })),
    // Reached only from the offer shown for this answer.
    offerChosen: ending((context) => ({
      next: 'offer',
      offer: offerForReason(context.reason!, context.offers) as Exclude<PostSurveyOffer, 'customizeResume'>,
      reason: context.reason!,
    })),
    customizingResume: ending((context) => ({
      next: 'customizeResume',
      destination: customizeResumeDestination(context.latestResumeId),
      device: context.device,
      reason: context.reason!,
    })),
    returnedToDashboard: ending(() => ({ next: 'dashboard' })),
  },
  output: ({ event }) => event.output as CancellationSurveyOutput,
});

export type CancellationSurveyActor = ActorRefFrom<typeof cancellationSurveyMachine>;
