import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { WinbackStanding } from './winback.rules';

export interface WinbackInput {
  userUid: string;
}

/** A winback offer as the page shows it. */
export interface WinbackOffer {
  skuId: number;
  label: string;
  price: number;
  currency: string;
  scheduleTypeCd: string;
  duration: number;
  discountPercent: number;
}

/** What the page loads: where the person stands, the days since they left, and the offers for those days. */
export interface WinbackData {
  standing: WinbackStanding;
  /** Invited back while the plan still runs out (EXPR_WIN), rather than after it ended. */
  expiring: boolean;
  cancellationDays: number | null;
  offers: WinbackOffer[];
}

export interface WinbackContext extends WinbackInput {
  data: WinbackData | null;
  /** The offer chosen, once one is. */
  chosenSkuId: number | null;
}

export type WinbackEvent =
  | { type: 'winback.retry' }
  | { type: 'winback.choose'; skuId: number }
  | { type: 'winback.plans' }
  | { type: 'winback.settings' };

export type WinbackOutput = { next: 'checkout'; skuId: number } | { next: 'plans' } | { next: 'settings' };

const loaded = ({ event }: { event: { output: WinbackData } }) => ({ data: event.output });

const winback = setup({
  types: {
    input: {} as WinbackInput,
    context: {} as WinbackContext,
    events: {} as WinbackEvent,
    output: {} as WinbackOutput,
  },
  actors: {
    loadWinback: fromPromise<WinbackData, { userUid: string }>(async () => {
      throw new Error('loadWinback is provided by the app');
    }),
  },
  guards: {
    hasActivePlan: (_, params: { data: WinbackData }) => params.data.standing === 'active',
    hasRedeemedAlready: (_, params: { data: WinbackData }) => params.data.standing === 'redeemed',
    hasNoOfferForThem: (_, params: { data: WinbackData }) =>
      params.data.standing !== 'eligible' || params.data.offers.length === 0,
    isOneOfTheOffers: ({ context, event }) =>
      event.type === 'winback.choose' && (context.data?.offers.some((o) => o.skuId === event.skuId) ?? false),
  },
  actions: {
    /** Carries the person where the page's end leads; provided by the app. */
    leaveWinback: (_, _params: WinbackOutput) => {},
    rememberData: assign((_, params: { data: WinbackData }) => ({ data: params.data })),
    rememberChoice: assign({ chosenSkuId: ({ event }) => (event.type === 'winback.choose' ? event.skuId : null) }),
  },
});

const rememberData = { type: 'rememberData', params: loaded } as const;
const toSettings = { 'winback.settings': { target: '#winback.toSettings' } } as const;
const toPlans = { 'winback.plans': { target: '#winback.toPlans' } } as const;

/**
 * The winback landing page: for a person whose plan has lapsed (or runs out, where configuration
 * invites them), the offers the skus call answers for their days since leaving. Choosing one
 * leads to the checkout in winback mode. Someone with a plan, or who has redeemed an offer once,
 * or who has none for their days, is told so and led to my settings or the plans.
 */
export const winbackMachine = winback.createMachine({
  id: 'winback',
  context: ({ input }) => ({ ...input, data: null, chosenSkuId: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadWinback',
        src: 'loadWinback',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: { type: 'hasActivePlan', params: loaded }, target: 'active', actions: rememberData },
          { guard: { type: 'hasRedeemedAlready', params: loaded }, target: 'redeemed', actions: rememberData },
          { guard: { type: 'hasNoOfferForThem', params: loaded }, target: 'noOffer', actions: rememberData },
          { target: 'choosing', actions: rememberData },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'winback.retry': { target: 'loading' }, ...toSettings },
    },
    active: { on: toSettings },
    redeemed: { on: { ...toPlans, ...toSettings } },
    noOffer: { on: { ...toPlans, ...toSettings } },
    choosing: {
      on: {
        'winback.choose': { guard: 'isOneOfTheOffers', target: 'toCheckout', actions: 'rememberChoice' },
        ...toSettings,
      },
    },
    toCheckout: {
      type: 'final',
      entry: {
        type: 'leaveWinback',
        params: ({ context }) => ({ next: 'checkout' as const, skuId: context.chosenSkuId! }),
      },
      output: ({ context }) => ({ next: 'checkout' as const, skuId: context.chosenSkuId! }),
    },
    toPlans: { type: 'final', entry: { type: 'leaveWinback', params: { next: 'plans' } }, output: { next: 'plans' } },
    toSettings: {
      type: 'final',
      entry: { type: 'leaveWinback', params: { next: 'settings' } },
      output: { next: 'settings' },
    },
  },
  output: ({ event }) => event.output as WinbackOutput,
});

export type WinbackActor = ActorRefFrom<typeof winbackMachine>;
