import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { checkoutFrameMachine, type CheckoutFrameInput, type CheckoutFrameOutput } from './checkout-frame.machine';
import {
  addedAddOnOf,
  chargeKey,
  offerPath,
  orderOffers,
  OFFER_SETTLE_MS,
  progressStep,
  upsellEventName,
  upsellPurchaseProps,
  type AddedAddOn,
  type AddOnCharge,
  type OfferDecision,
  type OfferId,
  type OfferPagePath,
  type OfferSku,
  type PurchasedOrder,
  type SequenceData,
  type UpsellPurchase,
  type UpsellPurchaseProps,
} from './upsell-sequence.rules';
import type { PurchaseEventName } from './order-confirmation.rules';

export interface UpsellSequenceInput {
  purchase: UpsellPurchase;
  /** Offers already answered in this sequence (before a reload): they are not offered again. */
  decided: OfferDecision[];
  /** Where the sandbox card frame is served from: after a decline the add-on can be paid with another card. */
  frameOrigin: string;
}

export interface TakenAddOn {
  offer: OfferId;
  skuId: number;
  transactionId: number | null;
}

export interface UpsellSequenceContext extends UpsellSequenceInput {
  data: SequenceData | null;
  offers: OfferSku[];
  index: number;
  /** Why the last charge did not go through: a decline, or no answer from the server. */
  failure: 'declined' | 'unavailable' | null;
  taken: TakenAddOn[];
  skipped: OfferId[];
  leftEarly: boolean;
  /** The last successful charge, while it is being recorded. */
  lastCharge: AddOnCharge | null;
}

export type UpsellSequenceEvent =
  { type: 'offer.take' } | { type: 'offer.skip' } | { type: 'sequence.retry' } | { type: 'sequence.leave' };

/** How the sequence ended; the app turns it into the post-payment destination. */
export interface UpsellSequenceOutput {
  purchase: UpsellPurchase;
  order: PurchasedOrder | null;
  taken: TakenAddOn[];
  skipped: OfferId[];
  /** The person chose the dashboard before the last offer. */
  leftEarly: boolean;
}

export interface ChargeAddOnInput {
  orderId: number;
  sku: OfferSku;
  /** Idempotency key: one per offer and sequence. */
  key: string;
}

export interface OfferShown {
  offer: OfferId;
  path: OfferPagePath;
  step: number;
}

export interface UpsellPurchaseEvent {
  eventName: PurchaseEventName;
  props: UpsellPurchaseProps;
}

const SELF = '#upsellSequence';

const outputOf = (context: UpsellSequenceContext): UpsellSequenceOutput => ({
  purchase: context.purchase,
  order: context.data?.order ?? null,
  taken: context.taken,
  skipped: context.skipped,
  leftEarly: context.leftEarly,
});

const currentSku = (context: UpsellSequenceContext): OfferSku => context.offers[context.index]!;

const upsellSequence = setup({
  types: {
    input: {} as UpsellSequenceInput,
    context: {} as UpsellSequenceContext,
    events: {} as UpsellSequenceEvent,
    output: {} as UpsellSequenceOutput,
    // The card frame is invoked under its own id, so views read `children.cardFrame` typed.
    children: {} as { cardFrame: 'cardFrame' },
  },
  actors: {
    loadSequence: fromPromise<SequenceData, UpsellPurchase>(async () => {
      throw new Error('loadSequence is provided by the app');
    }),
    chargeAddOn: fromPromise<AddOnCharge, ChargeAddOnInput>(async () => {
      throw new Error('chargeAddOn is provided by the app');
    }),
    /** The card frame offered after a decline: it pays the same add-on, under the same key, with another card. */
    cardFrame: checkoutFrameMachine,
  },
  delays: { offerSettle: OFFER_SETTLE_MS },
  guards: {
    hasNoOffers: ({ context }, params: { data: SequenceData }) =>
      orderOffers(context.purchase, params.data, context.decided).length === 0,
    chargeDeclined: (_, params: { charge: AddOnCharge }) => params.charge.status !== 'SUCC',
    frameNotPaid: (_, params: { output: CheckoutFrameOutput }) => params.output.kind !== 'paid',
    hasAnotherOffer: ({ context }) => context.index + 1 < context.offers.length,
  },
  actions: {
    rememberData: assign(({ context }, params: { data: SequenceData }) => ({
      data: params.data,
      offers: orderOffers(context.purchase, params.data, context.decided),
      index: 0,
    })),
    rememberFailure: assign((_, params: { failure: 'declined' | 'unavailable' }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    rememberCharge: assign((_, params: { charge: AddOnCharge }) => ({ lastCharge: params.charge })),
    recordTaken: assign(({ context }) => ({
      taken: [
        ...context.taken,
        {
          offer: currentSku(context).offer,
          skuId: currentSku(context).skuId,
          transactionId: context.lastCharge?.transactionId ?? null,
        },
      ],
      failure: null,
    })),
    recordSkipped: assign(({ context }) => ({
      skipped: [...context.skipped, currentSku(context).offer],
      failure: null,
    })),
    nextOffer: assign(({ context }) => ({ index: context.index + 1 })),
    markLeftEarly: assign({ leftEarly: true }),
    // Effects the app provides.
    showOffer: (_, _params: OfferShown) => {},
    rememberDecision: (_, _params: OfferDecision) => {},
    trackUpsellPurchase: (_, _params: UpsellPurchaseEvent) => {},
    announceAdded: (_, _params: AddedAddOn) => {},
    leaveSequence: (_, _params: UpsellSequenceOutput) => {},
  },
});

const purchaseEventOf = (
  { context }: { context: UpsellSequenceContext },
  charge: AddOnCharge,
): UpsellPurchaseEvent => ({
  eventName: upsellEventName(context.purchase.flow, context.data!.order!.skuTypeCD),
  props: upsellPurchaseProps(currentSku(context), charge, context.purchase),
});

const decisionOf = (context: UpsellSequenceContext, state: 'Taken' | 'Skipped'): OfferDecision => ({
  offer: currentSku(context).offer,
  state,
});

const skip = [
  {
    guard: 'hasAnotherOffer',
    target: `${SELF}.offer`,
    reenter: true,
    actions: [
      {
        type: 'rememberDecision',
        params: ({ context }: { context: UpsellSequenceContext }) => decisionOf(context, 'Skipped'),
      },
      'recordSkipped',
      'nextOffer',
    ],
  },
  {
    target: `${SELF}.finished`,
    actions: [
      {
        type: 'rememberDecision',
        params: ({ context }: { context: UpsellSequenceContext }) => decisionOf(context, 'Skipped'),
      },
      'recordSkipped',
    ],
  },
] as const;

/** A payment made in the card frame, as the add-on charge it stands for. */
export function chargeOfFrame(output: CheckoutFrameOutput): AddOnCharge {
  if (output.kind !== 'paid')
    return { status: 'FAIL', transactionId: null, paymentMethod: 'CRCD', cardType: null, failureCode: 'not_paid' };
  const { payment } = output;
  return {
    status: 'SUCC',
    transactionId: payment.transactionId,
    paymentMethod: payment.paymentMethod,
    cardType: payment.cardType ?? null,
    failureCode: null,
  };
}

/**
 * The add-on was paid (one click, or another card in the frame; the charge is in `lastCharge`):
 * the person is told what was added and charged where, then Taken, then the next offer or the end.
 */
const takenActionsOf = (via: 'oneClick' | 'frame') =>
  [
    {
      type: 'announceAdded',
      params: ({ context }: { context: UpsellSequenceContext }) =>
        addedAddOnOf(currentSku(context), context.lastCharge!, context.data?.order ?? null, via),
    },
    ...takenActions,
  ] as const;
const takenActions = [
  {
    type: 'trackUpsellPurchase',
    params: ({ context }: { context: UpsellSequenceContext }) => purchaseEventOf({ context }, context.lastCharge!),
  },
  {
    type: 'rememberDecision',
    params: ({ context }: { context: UpsellSequenceContext }) => decisionOf(context, 'Taken'),
  },
  'recordTaken',
] as const;
const leave = { 'sequence.leave': { target: `${SELF}.finished`, actions: 'markLeftEarly' } } as const;

/**
 * The upsell sequence after a purchase: the add-ons that apply, each Shown and then Taken (a
 * one-click charge on the payment method just used) or Skipped. Skipping always leads on and the
 * dashboard is one move away whatever happens; a declined or failed charge keeps the offer for
 * another try. The end names the add-ons taken, and the app turns it into the destination the
 * post-payment rules name.
 */
export const upsellSequenceMachine = upsellSequence.createMachine({
  id: 'upsellSequence',
  context: ({ input }) => ({
    ...input,
    data: null,
    offers: [],
    index: 0,
    failure: null,
    taken: [],
    skipped: [],
    leftEarly: false,
    lastCharge: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSequence',
        src: 'loadSequence',
        input: ({ context }) => context.purchase,
        onDone: [
          {
            guard: { type: 'hasNoOffers', params: ({ event }) => ({ data: event.output }) },
            target: 'finished',
            actions: { type: 'rememberData', params: ({ event }) => ({ data: event.output }) },
          },
          // The first offer after the page opens follows no press of this page's buttons: there is no double click to absorb.
          { target: 'offer.shown', actions: { type: 'rememberData', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberFailure', params: { failure: 'unavailable' } } },
      },
    },
    loadFailed: {
      on: { 'sequence.retry': { target: 'loading', actions: 'clearFailure' }, ...leave },
    },
    offer: {
      entry: {
        type: 'showOffer',
        params: ({ context }) => ({
          offer: currentSku(context).offer,
          path: offerPath(currentSku(context).offer, context.purchase.device),
          step: progressStep(context.index, context.decided.length),
        }),
      },
      initial: 'settling',
      states: {
        // Just rendered after a take or a skip: only the dashboard is open until a double click's second half could no longer land here.
        settling: { tags: ['offer'], after: { offerSettle: { target: 'shown' } }, on: { ...leave } },
        shown: { tags: ['offer'], on: { 'offer.take': { target: 'charging' }, 'offer.skip': skip, ...leave } },
        charging: {
          tags: ['offer', 'busy'],
          invoke: {
            id: 'chargeAddOn',
            src: 'chargeAddOn',
            input: ({ context }) => ({
              orderId: context.data!.order!.orderId,
              sku: currentSku(context),
              key: chargeKey(context.purchase.sequenceId, currentSku(context).offer),
            }),
            onDone: [
              {
                guard: { type: 'chargeDeclined', params: ({ event }) => ({ charge: event.output }) },
                target: 'declined',
                actions: { type: 'rememberFailure', params: { failure: 'declined' } },
              },
              {
                guard: 'hasAnotherOffer',
                target: `${SELF}.offer`,
                reenter: true,
                actions: [
                  { type: 'rememberCharge', params: ({ event }) => ({ charge: event.output }) },
                  ...takenActionsOf('oneClick'),
                  'nextOffer',
                ],
              },
              {
                target: `${SELF}.finished`,
                actions: [
                  { type: 'rememberCharge', params: ({ event }) => ({ charge: event.output }) },
                  ...takenActionsOf('oneClick'),
                ],
              },
            ],
            onError: {
              target: 'chargeFailed',
              actions: { type: 'rememberFailure', params: { failure: 'unavailable' } },
            },
          },
        },
        // A decline keeps the offer: another try on the same card, another card in the frame, skip, or the dashboard.
        declined: {
          tags: ['offer', 'cardFrame'],
          invoke: {
            id: 'cardFrame',
            src: 'cardFrame',
            input: ({ context }): CheckoutFrameInput => ({
              sessionGuid: chargeKey(context.purchase.sequenceId, currentSku(context).offer),
              skuId: currentSku(context).skuId,
              frameOrigin: context.frameOrigin,
            }),
            onDone: [
              // Anything but a payment (the frame never hands over to another method here): the offer stays.
              {
                guard: { type: 'frameNotPaid', params: ({ event }) => ({ output: event.output }) },
                target: 'chargeFailed',
                actions: { type: 'rememberFailure', params: { failure: 'unavailable' } },
              },
              {
                guard: 'hasAnotherOffer',
                target: `${SELF}.offer`,
                reenter: true,
                actions: [
                  { type: 'rememberCharge', params: ({ event }) => ({ charge: chargeOfFrame(event.output) }) },
                  ...takenActionsOf('frame'),
                  'nextOffer',
                ],
              },
              {
                target: `${SELF}.finished`,
                actions: [
                  { type: 'rememberCharge', params: ({ event }) => ({ charge: chargeOfFrame(event.output) }) },
                  ...takenActionsOf('frame'),
                ],
              },
            ],
            onError: {
              target: 'chargeFailed',
              actions: { type: 'rememberFailure', params: { failure: 'unavailable' } },
            },
          },
          on: { 'offer.take': { target: 'charging', actions: 'clearFailure' }, 'offer.skip': skip, ...leave },
        },
        // No answer from the server: the same charge again (same key, so never twice), skip, or the dashboard.
        chargeFailed: {
          tags: ['offer'],
          on: { 'offer.take': { target: 'charging', actions: 'clearFailure' }, 'offer.skip': skip, ...leave },
        },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'leaveSequence', params: ({ context }) => outputOf(context) },
    },
  },
  output: ({ context }) => outputOf(context),
});

export type UpsellSequenceActor = ActorRefFrom<typeof upsellSequenceMachine>;
