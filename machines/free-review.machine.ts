import { assign, fromPromise, setup } from 'xstate';
import { freeReviewStep, type FreeReviewRecord, type FreeReviewStep } from './free-review.rules';

export interface FreeReviewInput {
  userUid: string;
}

export interface FreeReviewFacts {
  record: FreeReviewRecord | null;
  hasResume: boolean;
}

export interface FreeReviewContext extends FreeReviewInput, FreeReviewFacts {}

export type FreeReviewEvent =
  | { type: 'review.retry' }
  /** "Get my free review": claims it, then the intake is filled in. */
  | { type: 'review.claim' }
  /** "Wait for my review", "get my review" or "customize my resume": the step's own action. */
  | { type: 'review.go' }
  /** Go on with the cancellation instead. */
  | { type: 'review.skip' };

export type FreeReviewOutput = { next: 'intake' | 'waitForReview' | 'review' | 'documentHome' | 'continueCancelling' };

const setupFreeReview = setup({
  types: {
    input: {} as FreeReviewInput,
    context: {} as FreeReviewContext,
    events: {} as FreeReviewEvent,
    output: {} as FreeReviewOutput,
  },
  actors: {
    loadFreeReview: fromPromise<FreeReviewFacts, { userUid: string }>(async () => {
      throw new Error('loadFreeReview is provided by the app');
    }),
    claimFreeReview: fromPromise<FreeReviewRecord, { userUid: string }>(async () => {
      throw new Error('claimFreeReview is provided by the app');
    }),
  },
  guards: {
    personIsAtStep: (_, params: { facts: FreeReviewFacts; step: FreeReviewStep }) =>
      freeReviewStep(params.facts.record, params.facts.hasResume) === params.step,
  },
  actions: {
    rememberFacts: assign((_, facts: FreeReviewFacts) => facts),
    /** Carries the person where the page's end leads; provided by the app. */
    leaveFreeReview: (_, _params: FreeReviewOutput) => {},
  },
});

/** An end of the page: the person leaves for where it leads, which is also the machine's output. */
function ending(next: FreeReviewOutput['next']) {
  return { type: 'final' as const, entry: { type: 'leaveFreeReview' as const, params: { next } }, output: { next } };
}

/**
 * The free resume review in the cancel funnel (spec §2 "Cancellation"): loads the person's
 * free review and resume, then shows the step they are at (the offer, the review in progress,
 * the review ready, or customising the resume); going on with the cancellation is always one
 * move. Claiming the free review that is offered leads to its intake.
 */
export const freeReviewMachine = setupFreeReview.createMachine({
  id: 'freeReview',
  context: ({ input }) => ({ ...input, record: null, hasResume: false }),
  initial: 'loading',
  on: {
    'review.skip': { target: '.continuing' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFreeReview',
        src: 'loadFreeReview',
        input: ({ context }) => ({ userUid: context.userUid }),
        // The step the person is at, by the rule; with nothing to show, the cancellation goes on.
        onDone: [
          {
            guard: { type: 'personIsAtStep', params: ({ event }) => ({ facts: event.output, step: 'offer' }) },
            target: 'offer',
            actions: { type: 'rememberFacts', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'personIsAtStep', params: ({ event }) => ({ facts: event.output, step: 'inReview' }) },
            target: 'inReview',
            actions: { type: 'rememberFacts', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'personIsAtStep', params: ({ event }) => ({ facts: event.output, step: 'reviewReady' }) },
            target: 'reviewReady',
            actions: { type: 'rememberFacts', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'personIsAtStep',
              params: ({ event }) => ({ facts: event.output, step: 'customizeResume' }),
            },
            target: 'customizeResume',
            actions: { type: 'rememberFacts', params: ({ event }) => event.output },
          },
          { target: 'continuing', actions: { type: 'rememberFacts', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'review.retry': { target: 'loading' } },
    },
    offer: {
      on: { 'review.claim': { target: 'claiming' } },
    },
    claiming: {
      tags: ['busy'],
      invoke: {
        id: 'claimFreeReview',
        src: 'claimFreeReview',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: { target: 'toIntake', actions: assign(({ event }) => ({ record: event.output })) },
        onError: { target: 'claimFailed' },
      },
    },
    claimFailed: {
      on: { 'review.claim': { target: 'claiming' } },
    },
    inReview: {
      on: { 'review.go': { target: 'waiting' } },
    },
    reviewReady: {
      on: { 'review.go': { target: 'openingReview' } },
    },
    customizeResume: {
      on: { 'review.go': { target: 'toDocumentHome' } },
    },
    toIntake: ending('intake'),
    waiting: ending('waitForReview'),
    openingReview: ending('review'),
    toDocumentHome: ending('documentHome'),
    continuing: ending('continueCancelling'),
  },
  output: ({ event }) => event.output as FreeReviewOutput,
});
