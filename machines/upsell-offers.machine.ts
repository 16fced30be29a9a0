import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { checkoutFrameMachine, type CheckoutFrameInput, type CheckoutFrameOutput } from './checkout-frame.machine';
import {
  asksSurvey,
  canAddOffer,
  offersPath,
  SURVEY_PATH,
  surveyKey,
  type OffersPagePath,
  type OfferStatus,
  type SurveyReason,
} from './upsell-offers.rules';
import {
  chargeOfFrame,
  type ChargeAddOnInput,
  type TakenAddOn,
  type UpsellPurchaseEvent,
  type UpsellSequenceOutput,
} from './upsell-sequence.machine';
import {
  chargeKey,
  orderOffers,
  upsellEventName,
  upsellPurchaseProps,
  type AddOnCharge,
  type OfferId,
  type OfferSku,
  type SequenceData,
  type UpsellPurchase,
} from './upsell-sequence.rules';

export interface UpsellOffersInput {
  purchase: UpsellPurchase;
  /** The page opened: the offers, or the survey (reached after the offers, or reloaded). */
  startAt: 'offers' | 'survey';
  /** Where the sandbox card frame is served from: after a decline an add-on can be paid with another card. */
  frameOrigin: string;
}

export interface UpsellOffersContext extends UpsellOffersInput {
  data: SequenceData | null;
  offers: OfferSku[];
  statuses: Partial<Record<OfferId, OfferStatus>>;
  /** The add-on being charged, or paid in the card frame after its decline. */
  current: OfferId | null;
  lastCharge: AddOnCharge | null;
  taken: TakenAddOn[];
  reason: SurveyReason | null;
  /** The survey answer is stored on the server. */
  surveyStored: boolean;
  /** The survey's answer could not be stored (no answer from the server). */
  surveyFailed: boolean;
  loadFailed: boolean;
  leftEarly: boolean;
}

export type UpsellOffersEvent =
  | { type: 'offers.add'; offer: OfferId }
  | { type: 'offers.skip' }
  | { type: 'survey.choose'; reason: SurveyReason }
  | { type: 'survey.submit' }
  | { type: 'survey.skip' }
  | { type: 'sequence.retry' }
  | { type: 'sequence.leave' };

export interface SurveyAnswerInput {
  orderId: number | null;
  reason: SurveyReason;
  /** Idempotency key: one answer per sequence. */
  key: string;
}

export interface StoredSurveyAnswer {
  answerId: number;
  reason: SurveyReason;
}

const SELF = '#upsellOffers';

const skuOf = (context: UpsellOffersContext, offer: OfferId | null): OfferSku =>
  context.offers.find((o) => o.offer === offer)!;

const outputOf = (context: UpsellOffersContext): UpsellSequenceOutput => ({
  purchase: context.purchase,
  order: context.data?.order ?? null,
  taken: context.taken,
  skipped: context.offers.filter((o) => !context.taken.some((t) => t.offer === o.offer)).map((o) => o.offer),
  leftEarly: context.leftEarly,
});

const upsellOffers = setup({
  types: {
    input: {} as UpsellOffersInput,
    context: {} as UpsellOffersContext,
    events: {} as UpsellOffersEvent,
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
    saveSurveyAnswer: fromPromise<StoredSurveyAnswer, SurveyAnswerInput>(async () => {
      throw new Error('saveSurveyAnswer is provided by the app');
    }),
    cardFrame: checkoutFrameMachine,
  },
  guards: {
    hasNothingToAsk: ({ context }, params: { data: SequenceData }) =>
      context.startAt === 'offers' && orderOffers({ ...context.purchase, only: null }, params.data, []).length === 0,
    startsWithSurvey: ({ context }) => context.startAt === 'survey',
    canAdd: ({ context }, params: { offer: OfferId }) => canAddOffer(context.offers, context.statuses, params.offer),
    asksSurvey: ({ context }) => asksSurvey(context.taken.length, context.offers.length, context.surveyStored),
    chargeDeclined: (_, params: { charge: AddOnCharge }) => params.charge.status !== 'SUCC',
    frameNotPaid: (_, params: { output: CheckoutFrameOutput }) => params.output.kind !== 'paid',
    hasReason: ({ context }) => context.reason !== null,
  },
  actions: {
    rememberData: assign(({ context }, params: { data: SequenceData }) => ({
      data: params.data,
      offers: orderOffers({ ...context.purchase, only: null }, params.data, []),
      loadFailed: false,
    })),
    startCharge: assign((_, params: { offer: OfferId }) => ({ current: params.offer })),
    setStatus: assign(({ context }, params: { status: OfferStatus }) => ({
      statuses: { ...context.statuses, [context.current!]: params.status },
    })),
    rememberCharge: assign((_, params: { charge: AddOnCharge }) => ({ lastCharge: params.charge })),
    recordTaken: assign(({ context }) => ({
      taken: [
        ...context.taken,
        {
          offer: context.current!,
          skuId: skuOf(context, context.current).skuId,
          transactionId: context.lastCharge?.transactionId ?? null,
        },
      ],
      statuses: { ...context.statuses, [context.current!]: 'taken' as const },
      current: null,
    })),
    chooseReason: assign((_, params: { reason: SurveyReason }) => ({ reason: params.reason, surveyFailed: false })),
    markSurveyStored: assign({ surveyStored: true, surveyFailed: false }),
    markSurveyFailed: assign({ surveyFailed: true }),
    markLoadFailed: assign({ loadFailed: true }),
    markLeftEarly: assign({ leftEarly: true }),
    // Effects the app provides.
    showPage: (_, _params: { path: OffersPagePath }) => {},
    /** The offers the page now shows, once per load, in their order. */
    announceOffers: (_, _params: { offers: OfferId[] }) => {},
    trackUpsellPurchase: (_, _params: UpsellPurchaseEvent) => {},
    leaveSequence: (_, _params: UpsellSequenceOutput) => {},
  },
});

const purchaseEventOf = (context: UpsellOffersContext): UpsellPurchaseEvent => ({
  eventName: upsellEventName(context.purchase.flow, context.data!.order!.skuTypeCD),
  props: upsellPurchaseProps(skuOf(context, context.current), context.lastCharge!, context.purchase),
});

const takenActions = [
  { type: 'trackUpsellPurchase', params: ({ context }: { context: UpsellOffersContext }) => purchaseEventOf(context) },
  'recordTaken',
] as const;

const leave = { 'sequence.leave': { target: `${SELF}.finished`, actions: 'markLeftEarly' } } as const;

/**
 * The upsell offers page (desktop) and the multiple-offers page (mobile): every add-on that
 * applies, on one page, each added by itself with a one-click charge (one key per offer and
 * sequence, so never twice). A declined add-on offers the card frame for another card. "Skip for
 * now" leads on: with nothing added, to a short survey whose answer is stored once; else to the
 * end, which the post-payment rules name. The dashboard is one move away throughout.
 */
export const upsellOffersMachine = upsellOffers.createMachine({
  id: 'upsellOffers',
  context: ({ input }) => ({
    ...input,
    data: null,
    offers: [],
    statuses: {},
    current: null,
    lastCharge: null,
    taken: [],
    reason: null,
    surveyStored: false,
    surveyFailed: false,
    loadFailed: false,
    leftEarly: false,
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
            guard: { type: 'hasNothingToAsk', params: ({ event }) => ({ data: event.output }) },
            target: 'finished',
            actions: { type: 'rememberData', params: ({ event }) => ({ data: event.output }) },
          },
          {
            guard: 'startsWithSurvey',
            target: 'survey',
            actions: { type: 'rememberData', params: ({ event }) => ({ data: event.output }) },
          },
          {
            target: 'choosing',
            actions: [
              { type: 'rememberData', params: ({ event }) => ({ data: event.output }) },
              { type: 'announceOffers', params: ({ context }) => ({ offers: context.offers.map((sku) => sku.offer) }) },
            ],
          },
        ],
        onError: { target: 'loadFailed', actions: 'markLoadFailed' },
      },
    },
    loadFailed: {
      on: { 'sequence.retry': { target: 'loading' }, ...leave },
    },
    choosing: {
      tags: ['offers'],
      entry: { type: 'showPage', params: ({ context }) => ({ path: offersPath(context.purchase.device) }) },
      initial: 'idle',
      on: {
        'offers.add': {
          guard: { type: 'canAdd', params: ({ event }) => ({ offer: event.offer }) },
          target: 'charging',
          actions: { type: 'startCharge', params: ({ event }) => ({ offer: event.offer }) },
        },
        'offers.skip': [{ guard: 'asksSurvey', target: 'survey' }, { target: 'finished' }],
        ...leave,
      },
      states: {
        idle: {},
        // The last add-on tried was declined: the card frame pays it with another card, under the same key.
        declined: {
          tags: ['cardFrame'],
          invoke: {
            id: 'cardFrame',
            src: 'cardFrame',
            input: ({ context }): CheckoutFrameInput => ({
              sessionGuid: chargeKey(context.purchase.sequenceId, context.current!),
              skuId: skuOf(context, context.current).skuId,
              frameOrigin: context.frameOrigin,
            }),
            onDone: [
              {
                guard: { type: 'frameNotPaid', params: ({ event }) => ({ output: event.output }) },
                target: 'idle',
                actions: { type: 'setStatus', params: { status: 'unavailable' } },
              },
              {
                target: 'idle',
                actions: [
                  { type: 'rememberCharge', params: ({ event }) => ({ charge: chargeOfFrame(event.output) }) },
                  ...takenActions,
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'setStatus', params: { status: 'unavailable' } } },
          },
        },
      },
    },
    charging: {
      tags: ['offers', 'busy'],
      invoke: {
        id: 'chargeAddOn',
        src: 'chargeAddOn',
        input: ({ context }) => ({
          orderId: context.data!.order!.orderId,
          sku: skuOf(context, context.current),
          key: chargeKey(context.purchase.sequenceId, context.current!),
        }),
        onDone: [
          {
            guard: { type: 'chargeDeclined', params: ({ event }) => ({ charge: event.output }) },
            target: 'choosing.declined',
            actions: { type: 'setStatus', params: { status: 'declined' } },
          },
          {
            target: 'choosing.idle',
            actions: [{ type: 'rememberCharge', params: ({ event }) => ({ charge: event.output }) }, ...takenActions],
          },
        ],
        onError: { target: 'choosing.idle', actions: { type: 'setStatus', params: { status: 'unavailable' } } },
      },
    },
    survey: {
      tags: ['survey'],
      entry: { type: 'showPage', params: { path: SURVEY_PATH } },
      on: {
        'survey.choose': { actions: { type: 'chooseReason', params: ({ event }) => ({ reason: event.reason }) } },
        'survey.submit': { guard: 'hasReason', target: 'savingSurvey' },
        'survey.skip': { target: 'finished' },
        ...leave,
      },
    },
    savingSurvey: {
      tags: ['survey', 'busy'],
      invoke: {
        id: 'saveSurveyAnswer',
        src: 'saveSurveyAnswer',
        input: ({ context }) => ({
          orderId: context.data?.order?.orderId ?? context.purchase.orderId,
          reason: context.reason!,
          key: surveyKey(context.purchase.sequenceId),
        }),
        onDone: { target: 'finished', actions: 'markSurveyStored' },
        onError: { target: 'survey', actions: 'markSurveyFailed' },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'leaveSequence', params: ({ context }) => outputOf(context) },
    },
  },
  output: ({ context }) => outputOf(context),
});

export type UpsellOffersActor = ActorRefFrom<typeof upsellOffersMachine>;
