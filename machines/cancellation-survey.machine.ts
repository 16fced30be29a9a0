import { and, assign, fromPromise, not, setup } from 'xstate';
import { offerForReason, type PostSurveyOffer, type SurveyReason } from './cancellation-survey.rules';

/**
 * Default: the answer is followed by the offer it leads to, when there is one.
 * ConfirmationPostSelection: the answer is followed straight by the cancellation's confirmation.
 */
export type SurveyFlowType = 'Default' | 'ConfirmationPostSelection';

export interface CancellationSurveyInput {
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
}

export interface CancellationSurveyContext extends CancellationSurveyInput {
  reason: number | null;
}

export type CancellationSurveyEvent =
  | { type: 'survey.select'; reason: number }
  | { type: 'survey.submit' }
  | { type: 'survey.retry' }
  /** Go on to cancel without answering: the survey never stands in the way. */
  | { type: 'survey.skip' }
  | { type: 'survey.returnToDashboard' }
  | { type: 'offer.accept' }
  /** "No thanks, cancel": the cancel action beside every offer. */
  | { type: 'offer.decline' };

export type CancellationSurveyOutput =
  | { next: 'confirmCancellation'; reason: number | null }
  | { next: 'offer'; offer: PostSurveyOffer; reason: number }
  | { next: 'dashboard' };

export interface SurveyAnswer {
  reason: number;
  flowType: SurveyFlowType;
  subscriptionId: number | null;
}

/**
 * The cancellation survey (spec §2 "Cancellation"): Default until a reason is chosen,
 * ReasonSelected until it is sent, ReasonSubmitted once stored. Then, in the Default flow, the
 * offer that answer leads to (unless this is the holdout or the offer was redeemed already),
 * else the cancellation's confirmation. Cancelling and going back to the dashboard are
 * possible from every step; a failed send keeps the answer and offers a retry.
 */
const survey = setup({
  types: {
    input: {} as CancellationSurveyInput,
    context: {} as CancellationSurveyContext,
    events: {} as CancellationSurveyEvent,
    output: {} as CancellationSurveyOutput,
  },
  actors: {
    submitAnswer: fromPromise<unknown, SurveyAnswer>(async () => {
      throw new Error('submitAnswer is provided by the app');
    }),
  },
  guards: {
    isListedReason: ({ context }, params: { reason: number }) => context.reasons.some((r) => r.value === params.reason),
    flowShowsOffers: ({ context }) => context.flowType === 'Default',
    isHoldout: ({ context }) => context.holdout,
    answerLeadsToOffer: ({ context }) => context.reason !== null && offerForReason(context.reason, context.offers) !== null,
    offerWasRedeemed: ({ context }) => {
      const offer = context.reason === null ? null : offerForReason(context.reason, context.offers);
      return offer !== null && context.redeemedOffers.includes(offer);
    },
    showsOffer: and(['flowShowsOffers', not('isHoldout'), 'answerLeadsToOffer', not('offerWasRedeemed')]),
  },
  actions: {
    rememberReason: assign((_, params: { reason: number }) => ({ reason: params.reason })),
  },
});

/** Choosing a reason the list holds (again, or after a failed send) makes it the answer. */
const chooseListedReason = {
  guard: { type: 'isListedReason', params: ({ event }: { event: { reason: number } }) => ({ reason: event.reason }) },
  target: 'reasonSelected',
  actions: { type: 'rememberReason', params: ({ event }: { event: { reason: number } }) => ({ reason: event.reason }) },
} as const;

export const cancellationSurveyMachine = survey.createMachine({
  id: 'cancellationSurvey',
  context: ({ input }) => ({ ...input, reason: null }),
  initial: 'default',
  on: {
    'survey.returnToDashboard': { target: '.returnedToDashboard' },
  },
  states: {
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
        input: ({ context }) => ({ reason: context.reason!, flowType: context.flowType, subscriptionId: context.subscriptionId }),
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
        'offer.accept': { target: 'offerChosen' },
        'offer.decline': { target: 'cancelling' },
      },
    },
    cancelling: {
      type: 'final',
      output: ({ context }) => ({ next: 'confirmCancellation', reason: context.reason }),
    },
    offerChosen: {
      type: 'final',
      // Reached only from the offer shown for this answer.
      output: ({ context }) => ({ next: 'offer', offer: offerForReason(context.reason!, context.offers)!, reason: context.reason! }),
    },
    returnedToDashboard: {
      type: 'final',
      output: { next: 'dashboard' },
    },
  },
  output: ({ event }) => event.output as CancellationSurveyOutput,
});

