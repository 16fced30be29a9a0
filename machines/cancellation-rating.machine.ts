import { assign, fromPromise, setup } from 'xstate';
import { boundedComment, isRatingStars } from './cancellation-rating.rules';

export interface CancellationRatingInput {
  userUid: string;
}

export interface CancellationRatingContext extends CancellationRatingInput {
  /** The stars chosen, 1 to 5; null until chosen. */
  rating: number | null;
  comment: string;
}

export type CancellationRatingEvent =
  | { type: 'rating.choose'; rating: number }
  | { type: 'rating.comment'; comment: string }
  | { type: 'rating.submit' }
  | { type: 'rating.retry' }
  | { type: 'rating.skip' };

export type CancellationRatingOutput = { rated: boolean };

const cancellationRating = setup({
  types: {
    input: {} as CancellationRatingInput,
    context: {} as CancellationRatingContext,
    events: {} as CancellationRatingEvent,
    output: {} as CancellationRatingOutput,
  },
  actors: {
    sendRating: fromPromise<unknown, { rating: number; comment: string }>(async () => {
      throw new Error('sendRating is provided by the app');
    }),
  },
  guards: {
    isStars: (_, params: { rating: number }) => isRatingStars(params.rating),
  },
  actions: {
    /** Carries the person on after skipping; provided by the app. */
    leaveRating: () => {},
    rememberRating: assign((_, params: { rating: number }) => ({ rating: params.rating })),
    rememberComment: assign((_, params: { comment: string }) => ({ comment: boundedComment(params.comment) })),
  },
});

const stars = ({ event }: { event: { rating: number } }) => ({ rating: event.rating });
const choose = {
  guard: { type: 'isStars', params: stars },
  target: '#cancellationRating.rated',
  actions: { type: 'rememberRating', params: stars },
} as const;
const comment = {
  actions: {
    type: 'rememberComment',
    params: ({ event }: { event: { comment: string } }) => ({ comment: event.comment }),
  },
} as const;
const skip = { target: '#cancellationRating.skipped' } as const;

/**
 * The rating after a cancellation: stars (and a comment) to send, skipping one move away in
 * every state a person can act in. A failed send keeps the stars and the comment for a retry.
 */
export const cancellationRatingMachine = cancellationRating.createMachine({
  id: 'cancellationRating',
  context: ({ input }) => ({ ...input, rating: null, comment: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'rating.choose': choose, 'rating.comment': comment, 'rating.skip': skip },
    },
    rated: {
      on: {
        'rating.choose': choose,
        'rating.comment': comment,
        'rating.submit': { target: 'sending' },
        'rating.skip': skip,
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendRating',
        src: 'sendRating',
        input: ({ context }) => ({ rating: context.rating!, comment: context.comment }),
        onDone: { target: 'thanked' },
        onError: { target: 'sendFailed' },
      },
    },
    sendFailed: {
      on: {
        'rating.retry': { target: 'sending' },
        'rating.choose': choose,
        'rating.comment': comment,
        'rating.skip': skip,
      },
    },
    thanked: { type: 'final', output: { rated: true } },
    skipped: { type: 'final', entry: 'leaveRating', output: { rated: false } },
  },
  output: ({ event }) => event.output as CancellationRatingOutput,
});
