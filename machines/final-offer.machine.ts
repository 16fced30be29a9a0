import { assign, fromPromise, setup } from 'xstate';
import type { RenewalFacts } from './save-offers.machine';

export interface FinalOfferInput {
  userUid: string;
}

/** What the page loads: the plan it would cancel and whether it offers the pause. */
export interface FinalOfferData {
  subscriptionId: number | null;
  planLabel: string;
  /** Its next renewal, for what the pause costs and when it ends; null when unknown. */
  renewal: RenewalFacts | null;
  /** Whether the one-month pause is offered (never in the holdout). */
  pause: boolean;
  /** Whether the plan's features stay available during a pause. */
  pauseKeepsAccess: boolean;
}

export interface FinalOfferContext extends FinalOfferInput {
  data: FinalOfferData | null;
}

export type FinalOfferEvent =
  { type: 'final.retry' } | { type: 'final.pause' } | { type: 'final.cancel' } | { type: 'final.keep' };

export type FinalOfferOutput = { next: 'confirm' } | { next: 'settings'; paused: boolean };

const finalOffer = setup({
  types: {
    input: {} as FinalOfferInput,
    context: {} as FinalOfferContext,
    events: {} as FinalOfferEvent,
    output: {} as FinalOfferOutput,
  },
  actors: {
    loadFinalOffer: fromPromise<FinalOfferData, { userUid: string }>(async () => {
      throw new Error('loadFinalOffer is provided by the app');
    }),
    pausePlan: fromPromise<unknown, { subscriptionId: number }>(async () => {
      throw new Error('pausePlan is provided by the app');
    }),
  },
  guards: {
    hasNothingToCancel: (_, params: { data: FinalOfferData }) => params.data.subscriptionId === null,
    hasNothingToOffer: (_, params: { data: FinalOfferData }) => !params.data.pause,
    offersPause: ({ context }) => context.data?.pause === true,
  },
  actions: {
    /** Carries the person where the page's end leads; provided by the app. */
    leaveFinalOffer: (_, _params: FinalOfferOutput) => {},
    rememberData: assign((_, params: { data: FinalOfferData }) => ({ data: params.data })),
  },
});

function ending(exit: FinalOfferOutput) {
  return {
    type: 'final' as const,
    entry: { type: 'leaveFinalOffer' as const, params: exit },
    output: exit,
  };
}

const loaded = ({ event }: { event: { output: FinalOfferData } }) => ({ data: event.output });
const rememberData = { type: 'rememberData', params: loaded } as const;
const offers = {
  'final.pause': { guard: 'offersPause', target: '#finalOffer.pausing' },
  'final.cancel': { target: '#finalOffer.cancelling' },
  'final.keep': { target: '#finalOffer.kept' },
} as const;

/**
 * The final offer page, the step after the free review: the plan's pause (not for the holdout)
 * with "cancel" beside it in every state that shows it; a failed pause keeps the page for another
 * try. With nothing to offer it passes straight on to the confirmation.
 */
export const finalOfferMachine = finalOffer.createMachine({
  id: 'finalOffer',
  context: ({ input }) => ({ ...input, data: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFinalOffer',
        src: 'loadFinalOffer',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: { type: 'hasNothingToCancel', params: loaded }, target: 'nothingToCancel', actions: rememberData },
          // Nothing to offer (the holdout, or a plan that cannot pause): the cancellation goes on by itself.
          { guard: { type: 'hasNothingToOffer', params: loaded }, target: 'cancelling', actions: rememberData },
          { target: 'choosing', actions: rememberData },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'final.retry': { target: 'loading' }, 'final.keep': { target: 'kept' } },
    },
    nothingToCancel: {
      on: { 'final.keep': { target: 'kept' } },
    },
    choosing: { on: offers },
    pausing: {
      tags: ['busy'],
      invoke: {
        id: 'pausePlan',
        src: 'pausePlan',
        input: ({ context }) => ({ subscriptionId: context.data!.subscriptionId! }),
        onDone: { target: 'paused' },
        onError: { target: 'failed' },
      },
    },
    failed: { on: offers },
    cancelling: ending({ next: 'confirm' }),
    paused: ending({ next: 'settings', paused: true }),
    kept: ending({ next: 'settings', paused: false }),
  },
  output: ({ event }) => event.output as FinalOfferOutput,
});
