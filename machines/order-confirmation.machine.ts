import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  AFFILIATE_MESSAGE,
  confirmationVariant,
  failureOf,
  hasOrderId,
  isAffiliateFlow,
  isBigInterviewConfirmation,
  isConfirmableOrder,
  isFirstShowOfOrder,
  isWelcomeDue,
  isLegacyForced,
  isMobileDevice,
  isPurchaseConfirmation,
  isRetryableFailure,
  offersContinue,
  isSaveFlow,
  orderDataLayerFields,
  paymentConfirmedMessageType,
  purchaseEvent,
  confirmationExit,
  purchaseFlowOf,
  type AffiliateMessage,
  type ConfirmationExit,
  type ConfirmationFailure,
  type ConfirmationRequest,
  type ConfirmationVariant,
  type ConfirmedOrder,
  type OrderDataLayerFields,
  type PurchaseEvent,
} from './order-confirmation.rules';
import type { PurchaseFlow } from './purchase-flow.rules';

export interface OrderConfirmationInput {
  request: ConfirmationRequest;
  /** Orders whose purchase was already reported in this browser session. */
  trackedOrderIds: number[];
  /** Orders whose welcome this browser has already shown: it opens once per order, not on every reload. */
  welcomedOrderIds: number[];
}

export interface OrderConfirmationContext extends OrderConfirmationInput {
  /** Whether the page offers a way on besides the dashboard (isFeedBackTool takes it away). */
  continueOffered: boolean;
  order: ConfirmedOrder | null;
  failure: ConfirmationFailure | null;
  leftBy: 'continue' | 'dashboard' | null;
}

export type OrderConfirmationEvent =
  | { type: 'welcome.close' }
  | { type: 'confirmation.continue' }
  | { type: 'confirmation.dashboard' }
  | { type: 'order.retry' };

/** How the person left the confirmation; `exit` is where they go next. */
export interface OrderConfirmationOutput {
  orderId: number;
  skuId: number | null;
  productId: string;
  variant: ConfirmationVariant;
  /** The page is the mobile one (a /mobile/ path or a phone): what follows is the mobile one too. */
  mobile: boolean;
  leftBy: 'continue' | 'dashboard';
  /** isFeedBackTool=true: skip anything between here and the dashboard. */
  dashboardForced: boolean;
  exit: ConfirmationExit;
  /** The purchase's flow, carried to the steps after the confirmation (the upsell sequence names its event by it). */
  flow: PurchaseFlow;
}

export interface LoadOrderInput {
  orderId: number;
  skuId: number | null;
}

const SELF = '#orderConfirmation';

function confirmationOutputOf(context: OrderConfirmationContext): OrderConfirmationOutput {
  const leftBy = context.leftBy ?? 'continue';
  return {
    orderId: context.order!.orderId,
    skuId: context.order!.skuId,
    productId: context.order!.productId,
    variant: confirmationVariant(context.request),
    mobile: isMobileDevice(context.request),
    leftBy,
    dashboardForced: context.request.dashboardForced,
    exit: confirmationExit({
      leftBy,
      dashboardForced: context.request.dashboardForced,
      variant: confirmationVariant(context.request),
    }),
    flow: purchaseFlowOf(context.request),
  };
}

/** Continue is offered unless isFeedBackTool forces the dashboard; the dashboard is always a way on. */
const leave = {
  'confirmation.continue': {
    guard: 'offersContinue',
    target: `${SELF}.afterPurchase`,
    actions: { type: 'rememberExit', params: { leftBy: 'continue' } },
  },
  'confirmation.dashboard': {
    target: `${SELF}.afterPurchase`,
    actions: { type: 'rememberExit', params: { leftBy: 'dashboard' } },
  },
} as const;

/**
 * The welcome modal opens with the page, once per order, and must be closed before the person
 * moves on; a reload, or an add-on bought in the upsell sequence, shows the page without it.
 */
const withWelcome = {
  // Always entered at one of the two, chosen when the order arrives.
  initial: 'welcomeOpen',
  states: {
    welcomeOpen: {
      tags: ['welcomeOpen'],
      entry: {
        type: 'rememberWelcomeShown',
        params: ({ context }: { context: OrderConfirmationContext }) => ({ orderId: context.order!.orderId }),
      },
      on: { 'welcome.close': { target: 'welcomeClosed' } },
    },
    welcomeClosed: { on: leave },
  },
} as const;

/**
 * The order confirmation: loads the order named in the address, shows it in the variant its
 * rules pick (legacy forced, save flow, big interview, purchase summary, mobile, standard), reports the purchase once per order,
 * tells an affiliate parent window, and ends in `afterPurchase`, where the upsell sequence
 * will plug in.
 */
export const orderConfirmationMachine = setup({
  types: {
    input: {} as OrderConfirmationInput,
    context: {} as OrderConfirmationContext,
    events: {} as OrderConfirmationEvent,
    output: {} as OrderConfirmationOutput,
  },
  actors: {
    loadOrder: fromPromise<ConfirmedOrder, LoadOrderInput>(async () => {
      throw new Error('loadOrder is provided by the app');
    }),
  },
  guards: {
    lacksOrderId: ({ context }) => !hasOrderId(context.request),
    orderIsNotConfirmable: (_, params: { order: ConfirmedOrder }) => !isConfirmableOrder(params.order),
    isLegacyForced: ({ context }) => isLegacyForced(context.request),
    isSaveFlow: ({ context }) => isSaveFlow(context.request),
    isMobileDevice: ({ context }) => isMobileDevice(context.request),
    isPurchaseConfirmation: ({ context }) => isPurchaseConfirmation(context.request),
    isBigInterviewConfirmation: ({ context }) => isBigInterviewConfirmation(context.request),
    offersContinue: ({ context }) => context.continueOffered,
    isFirstShowOfOrder: ({ context }) =>
      context.order !== null && isFirstShowOfOrder(context.order.orderId, context.trackedOrderIds),
    isWelcomeDue: ({ context }, params: { order: ConfirmedOrder }) =>
      isWelcomeDue(params.order, context.welcomedOrderIds),
    isWelcomeDueOnPhone: ({ context }, params: { order: ConfirmedOrder }) =>
      isMobileDevice(context.request) && isWelcomeDue(params.order, context.welcomedOrderIds),
    isAffiliateFlow: ({ context }) => isAffiliateFlow(context.request),
    isRetryableFailure: ({ context }) => isRetryableFailure(context.failure),
  },
  actions: {
    rememberOrder: assign((_, params: { order: ConfirmedOrder }) => ({ order: params.order, failure: null })),
    rememberFailure: assign((_, params: { failure: ConfirmationFailure }) => ({ failure: params.failure })),
    rememberExit: assign((_, params: { leftBy: 'continue' | 'dashboard' }) => ({ leftBy: params.leftBy })),
    markOrderTracked: assign(({ context }) => ({
      trackedOrderIds: [...context.trackedOrderIds, context.order!.orderId],
    })),
    // Effects the app provides.
    trackPurchase: (_, _params: PurchaseEvent) => {},
    pushOrderDataLayer: (_, _params: OrderDataLayerFields) => {},
    rememberTrackedOrder: (_, _params: { orderId: number }) => {},
    rememberWelcomeShown: (_, _params: { orderId: number }) => {},
    notifyAffiliateParent: (_, _params: AffiliateMessage) => {},
    leaveConfirmation: (_, _params: OrderConfirmationOutput) => {},
  },
}).createMachine({
  id: 'orderConfirmation',
  context: ({ input }) => ({
    ...input,
    continueOffered: offersContinue(input.request),
    order: null,
    failure: null,
    leftBy: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // An address without a usable order id fails before anything is asked of the server.
      always: {
        guard: 'lacksOrderId',
        target: 'failed',
        actions: { type: 'rememberFailure', params: { failure: 'notFound' } },
      },
      invoke: {
        id: 'order',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.request.orderId!, skuId: context.request.skuId }),
        onDone: [
          {
            guard: { type: 'orderIsNotConfirmable', params: ({ event }) => ({ order: event.output }) },
            target: 'failed',
            actions: { type: 'rememberFailure', params: { failure: 'notFound' } },
          },
          {
            guard: 'isLegacyForced',
            target: 'shown.legacy',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: 'isSaveFlow',
            target: 'shown.saveFlow',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: 'isBigInterviewConfirmation',
            target: 'shown.bigInterview',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: 'isPurchaseConfirmation',
            target: 'shown.purchase',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'isWelcomeDueOnPhone', params: ({ event }) => ({ order: event.output }) },
            target: 'shown.mobile.welcomeOpen',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: 'isMobileDevice',
            target: 'shown.mobile.welcomeClosed',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'isWelcomeDue', params: ({ event }) => ({ order: event.output }) },
            target: 'shown.standard.welcomeOpen',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            target: 'shown.standard.welcomeClosed',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    failed: {
      // An affiliate parent still learns that the page loaded, so it can show the error.
      entry: enqueueActions(({ context, enqueue, check }) => {
        if (!check('isAffiliateFlow')) return;
        enqueue({
          type: 'notifyAffiliateParent',
          params: { type: AFFILIATE_MESSAGE.pageLoaded, orderId: context.request.orderId },
        });
      }),
      on: { 'order.retry': { guard: 'isRetryableFailure', target: 'loading' } },
    },
    shown: {
      entry: [
        // The purchase is reported (event, data layer, remembered id) only the first time this order is shown.
        enqueueActions(({ context, enqueue, check }) => {
          if (!context.order || !check('isFirstShowOfOrder')) return;
          enqueue({ type: 'trackPurchase', params: purchaseEvent(context.order, context.request) });
          enqueue({ type: 'pushOrderDataLayer', params: orderDataLayerFields(context.order) });
          enqueue({ type: 'rememberTrackedOrder', params: { orderId: context.order.orderId } });
          enqueue('markOrderTracked');
        }),
        enqueueActions(({ context, enqueue, check }) => {
          if (!check('isAffiliateFlow')) return;
          const orderId = context.order?.orderId ?? null;
          enqueue({ type: 'notifyAffiliateParent', params: { type: AFFILIATE_MESSAGE.pageLoaded, orderId } });
          enqueue({
            type: 'notifyAffiliateParent',
            params: { type: paymentConfirmedMessageType(context.request), orderId },
          });
        }),
      ],
      // Always entered through one of its variants, chosen when the order arrives.
      initial: 'standard',
      states: {
        // The legacy receipt is the old page: its only way on is the dashboard.
        legacy: { on: { 'confirmation.dashboard': leave['confirmation.dashboard'] } },
        saveFlow: { on: leave },
        // The purchase summary: what was bought, for how much, when, under which order number.
        purchase: { on: leave },
        // The big-interview order: continuing leads to the big-interview offers.
        bigInterview: { on: leave },
        mobile: withWelcome,
        standard: withWelcome,
      },
    },
    afterPurchase: {
      type: 'final',
      entry: { type: 'leaveConfirmation', params: ({ context }) => confirmationOutputOf(context) },
    },
  },
  output: ({ context }) => confirmationOutputOf(context),
});

export type OrderConfirmationActor = ActorRefFrom<typeof orderConfirmationMachine>;
