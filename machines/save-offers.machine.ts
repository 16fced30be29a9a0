import { assign, fromPromise, setup } from 'xstate';

export interface SaveOffersInput {
  userUid: string;
}

/** The subscription's next renewal, which every save offer states its price and date from. */
export interface RenewalFacts {
  /** When the next renewal is charged (ISO); null for a plan that does not renew. */
  nextBillingDate: string | null;
  /** The end of the paid period (ISO): a pause starts here. */
  endDate: string;
  /** The plan's price before any renewal discount. */
  unitPrice: number;
  /** What the next renewal costs as things stand (after a discount already taken). */
  nextRenewalPrice: number;
  currencyCd: string;
}

/** What the page loads: the plan it would cancel, the discount it may still take, and the pauses it may book. */
export interface SaveOffersData {
  subscriptionId: number | null;
  planLabel: string;
  /** Its next renewal, for what each offer costs and when; null when unknown. */
  renewal: RenewalFacts | null;
  /** The renewal discount this subscription may still take (not in the holdout); null when none. */
  discount: { offerId: string; percent: number } | null;
  /** The pause lengths offered, in months; empty when the plan cannot be paused. */
  pauseMonths: readonly number[];
  /** Whether the plan's features stay available during a pause. */
  pauseKeepsAccess: boolean;
}

export interface SaveOffersContext extends SaveOffersInput {
  data: SaveOffersData | null;
  /** The pause length chosen, kept for a retry after a failure. */
  months: number | null;
}

export type SaveOffersEvent =
  | { type: 'offers.retry' }
  | { type: 'offers.takeDiscount' }
  | { type: 'offers.pause'; months: number }
  | { type: 'offers.cancel' }
  | { type: 'offers.keep' };

export type SaveOffersOutput = { next: 'confirm' } | { next: 'settings'; saved: 'discount' | 'pause' | null };

const saveOffers = setup({
  types: {
    input: {} as SaveOffersInput,
    context: {} as SaveOffersContext,
    events: {} as SaveOffersEvent,
    output: {} as SaveOffersOutput,
  },
  actors: {
    loadSaveOffers: fromPromise<SaveOffersData, { userUid: string }>(async () => {
      throw new Error('loadSaveOffers is provided by the app');
    }),
    takeDiscount: fromPromise<unknown, { subscriptionId: number; offerId: string }>(async () => {
      throw new Error('takeDiscount is provided by the app');
    }),
    pausePlan: fromPromise<unknown, { subscriptionId: number; months: number }>(async () => {
      throw new Error('pausePlan is provided by the app');
    }),
  },
  guards: {
    hasNothingToCancel: (_, params: { data: SaveOffersData }) => params.data.subscriptionId === null,
    offersDiscount: ({ context }) => context.data?.discount != null,
    offersPauseOf: ({ context }, params: { months: number }) =>
      context.data?.pauseMonths.includes(params.months) ?? false,
  },
  actions: {
    /** Carries the person where the page's end leads; provided by the app. */
    leaveSaveOffers: (_, _params: SaveOffersOutput) => {},
    rememberData: assign((_, params: { data: SaveOffersData }) => ({ data: params.data })),
    rememberMonths: assign((_, params: { months: number }) => ({ months: params.months })),
  },
});

function ending(exit: (context: SaveOffersContext) => SaveOffersOutput) {
  return {
    type: 'final' as const,
    entry: { type: 'leaveSaveOffers' as const, params: ({ context }: { context: SaveOffersContext }) => exit(context) },
    output: ({ context }: { context: SaveOffersContext }) => exit(context),
  };
}

const loaded = ({ event }: { event: { output: SaveOffersData } }) => ({ data: event.output });
const rememberData = { type: 'rememberData', params: loaded } as const;

/** Choosing a pause this plan may book, from the offers or after a failed attempt. */
const choosePause = {
  guard: { type: 'offersPauseOf', params: ({ event }: { event: { months: number } }) => ({ months: event.months }) },
  target: '#saveOffers.pausing',
  actions: { type: 'rememberMonths', params: ({ event }: { event: { months: number } }) => ({ months: event.months }) },
} as const;

const cancel = { target: '#saveOffers.cancelling' } as const;
const keep = { target: '#saveOffers.kept' } as const;

/**
 * The save offers page (the "see offer" answer of the survey): the renewal discount, when the
 * subscription may still take one, and a pause of one to three months, with "cancel" beside
 * them in every state that shows them. A failed attempt keeps the page and the choice for a
 * retry.
 */
export const saveOffersMachine = saveOffers.createMachine({
  id: 'saveOffers',
  context: ({ input }) => ({ ...input, data: null, months: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSaveOffers',
        src: 'loadSaveOffers',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: { type: 'hasNothingToCancel', params: loaded }, target: 'nothingToCancel', actions: rememberData },
          { target: 'choosing', actions: rememberData },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'offers.retry': { target: 'loading' }, 'offers.keep': keep },
    },
    nothingToCancel: {
      on: { 'offers.keep': keep },
    },
    choosing: {
      on: {
        'offers.takeDiscount': { guard: 'offersDiscount', target: 'takingDiscount' },
        'offers.pause': choosePause,
        'offers.cancel': cancel,
        'offers.keep': keep,
      },
    },
    takingDiscount: {
      tags: ['busy'],
      invoke: {
        id: 'takeDiscount',
        src: 'takeDiscount',
        input: ({ context }) => ({
          subscriptionId: context.data!.subscriptionId!,
          offerId: context.data!.discount!.offerId,
        }),
        onDone: { target: 'discountTaken' },
        onError: { target: 'failed' },
      },
    },
    pausing: {
      tags: ['busy'],
      invoke: {
        id: 'pausePlan',
        src: 'pausePlan',
        input: ({ context }) => ({ subscriptionId: context.data!.subscriptionId!, months: context.months! }),
        onDone: { target: 'paused' },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: {
        'offers.takeDiscount': { guard: 'offersDiscount', target: 'takingDiscount' },
        'offers.pause': choosePause,
        'offers.cancel': cancel,
        'offers.keep': keep,
      },
    },
    cancelling: ending(() => ({ next: 'confirm' })),
    discountTaken: ending(() => ({ next: 'settings', saved: 'discount' })),
    paused: ending(() => ({ next: 'settings', saved: 'pause' })),
    kept: ending(() => ({ next: 'settings', saved: null })),
  },
  output: ({ event }) => event.output as SaveOffersOutput,
});
