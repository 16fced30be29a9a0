import { assign, setup, type ActorRefFrom } from 'xstate';
import {
  belongsToCheckout,
  FRAME_START_HEIGHT,
  frameHeight,
  isSafeApmRedirect,
  type FrameMessage,
  type PaymentFailure,
  type PaymentSuccess,
} from './checkout-frame.rules';

export interface CheckoutFrameInput {
  sessionGuid: string;
  skuId: number;
  /** The only origin whose messages count: where the card frame is served from. */
  frameOrigin: string;
}

/** The embedded frame as the page hands it over: messages go to it, the page can scroll to it. */
export interface FrameHandle {
  post(type: string, payload: Record<string, unknown>): void;
  scrollIntoView(): void;
}

export interface CheckoutFrameContext extends CheckoutFrameInput {
  /** The frame on the page, once the page has drawn it; messages and scrolling go through it. */
  handle: FrameHandle | null;
  /** The plan the frame says it will charge, once it has said so. */
  frameSkuId: number | null;
  height: number;
  failure: PaymentFailure | null;
  /** Bumped to mount a fresh frame after a failed load. */
  mountCount: number;
  outcome: CheckoutFrameOutput | null;
}

export type CheckoutFrameEvent =
  | { type: 'frame.loaded'; skuId: number; sessionGuid: string }
  | { type: 'frame.resized'; height: number }
  | { type: 'frame.loaderShown' }
  | { type: 'frame.loaderHidden' }
  | { type: 'frame.skuUpdated'; skuId: number }
  | { type: 'frame.paymentSucceeded'; payment: PaymentSuccess }
  | { type: 'frame.paymentFailed'; failure: PaymentFailure }
  | { type: 'frame.elementInView'; element: string }
  | { type: 'frame.scrollRequested' }
  | { type: 'frame.apmRedirect'; url: string }
  | { type: 'frame.continueClicked' }
  | { type: 'plan.changed'; skuId: number }
  | { type: 'frame.reload' }
  | { type: 'frame.attached'; handle: FrameHandle }
  | { type: 'frame.detached' };

export type CheckoutFrameOutput = { kind: 'paid'; payment: PaymentSuccess } | { kind: 'redirect'; url: string };

/** A checked frame message as the event the machine understands. */
export function frameEventOf(message: FrameMessage): CheckoutFrameEvent {
  switch (message.type) {
    case 'PAGE-LOADED':
      return { type: 'frame.loaded', ...message.payload };
    case 'RESIZE-IFRAME':
      return { type: 'frame.resized', height: message.payload.height };
    case 'SHOW-LOADER':
      return { type: 'frame.loaderShown' };
    case 'HIDE-LOADER':
      return { type: 'frame.loaderHidden' };
    case 'SKU-UPDATED':
      return { type: 'frame.skuUpdated', skuId: message.payload.skuId };
    case 'PAYMENT-SUCCESS':
      return { type: 'frame.paymentSucceeded', payment: message.payload };
    case 'PAYMENT-FAILURE':
      return { type: 'frame.paymentFailed', failure: message.payload };
    case 'ELEMENT-IN-VIEW':
      return { type: 'frame.elementInView', element: message.payload.element };
    case 'SCROLL-TO-FRAME':
      return { type: 'frame.scrollRequested' };
    case 'REDIRECT-APM-URL':
      return { type: 'frame.apmRedirect', url: message.payload.url };
    case 'continue-CTA-click':
      return { type: 'frame.continueClicked' };
  }
}

const FRAME_LOAD_TIMEOUT_MS = 15_000;

/**
 * The conversation with the embedded card frame (spec §4 "Checkout frame messages"). Only
 * messages that passed the origin and schema check (checkout-frame.rules) ever arrive here.
 * It ends when a payment succeeded or an alternative payment method takes over the page; a
 * decline returns to `ready` so the same checkout can be retried.
 */
export const checkoutFrameMachine = setup({
  types: {
    input: {} as CheckoutFrameInput,
    context: {} as CheckoutFrameContext,
    events: {} as CheckoutFrameEvent,
    output: {} as CheckoutFrameOutput,
  },
  delays: { frameLoadTimeout: FRAME_LOAD_TIMEOUT_MS },
  guards: {
    belongsToThisCheckout: ({ context, event }) =>
      event.type === 'frame.loaded' && belongsToCheckout(event.sessionGuid, context.sessionGuid),
    isSafeRedirect: ({ context, event }) =>
      event.type === 'frame.apmRedirect' && isSafeApmRedirect(event.url, context.frameOrigin),
  },
  actions: {
    // Effects the app provides: talking to the frame window, the page and the parent flow.
    postSkuToFrame: (_, _params: { skuId: number; handle: FrameHandle | null }) => {},
    scrollToFrame: (_, _params: { handle: FrameHandle | null }) => {},
    reportElementInView: (_, _params: { element: string }) => {},
    reportContinueClick: () => {},
    notifyProcessing: () => {},
    notifyStopped: () => {},
    notifyFailure: (_, _params: { failure: PaymentFailure }) => {},
    reportFrameUnavailable: () => {},
    followHeight: assign({ height: ({ event }) => (event.type === 'frame.resized' ? frameHeight(event.height) : 0) }),
    rememberFrameSku: assign({
      frameSkuId: ({ context, event }) =>
        event.type === 'frame.loaded' || event.type === 'frame.skuUpdated' ? event.skuId : context.frameSkuId,
    }),
    rememberFailure: assign({ failure: ({ event }) => (event.type === 'frame.paymentFailed' ? event.failure : null) }),
    clearFailure: assign({ failure: null }),
    recordOutcome: assign({
      outcome: ({ context, event }): CheckoutFrameOutput | null =>
        event.type === 'frame.paymentSucceeded'
          ? { kind: 'paid', payment: event.payment }
          : event.type === 'frame.apmRedirect'
            ? { kind: 'redirect', url: new URL(event.url, context.frameOrigin).href }
            : context.outcome,
    }),
  },
}).createMachine({
  id: 'checkoutFrame',
  context: ({ input }) => ({
    ...input,
    handle: null,
    frameSkuId: null,
    height: FRAME_START_HEIGHT,
    failure: null,
    mountCount: 0,
    outcome: null,
  }),
  initial: 'loading',
  on: {
    'frame.attached': { actions: assign({ handle: ({ event }) => event.handle }) },
    'frame.detached': { actions: assign({ handle: null }) },
    'frame.resized': { actions: 'followHeight' },
    'frame.skuUpdated': { actions: 'rememberFrameSku' },
  },
  states: {
    loading: {
      on: { 'frame.loaded': { guard: 'belongsToThisCheckout', target: 'ready', actions: 'rememberFrameSku' } },
      after: { frameLoadTimeout: { target: 'unavailable', actions: 'reportFrameUnavailable' } },
    },
    unavailable: {
      on: {
        'frame.reload': { target: 'loading', actions: assign({ mountCount: ({ context }) => context.mountCount + 1 }) },
      },
    },
    ready: {
      on: {
        'plan.changed': {
          actions: [
            assign({ skuId: ({ event }) => event.skuId }),
            {
              type: 'postSkuToFrame',
              params: ({ context, event }) => ({ skuId: event.skuId, handle: context.handle }),
            },
          ],
        },
        'frame.elementInView': {
          actions: { type: 'reportElementInView', params: ({ event }) => ({ element: event.element }) },
        },
        'frame.scrollRequested': {
          actions: { type: 'scrollToFrame', params: ({ context }) => ({ handle: context.handle }) },
        },
        'frame.continueClicked': { actions: 'reportContinueClick' },
        'frame.loaderShown': { target: 'paying', actions: ['clearFailure', 'notifyProcessing'] },
        'frame.paymentFailed': {
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ failure: event.failure }) }],
        },
        'frame.paymentSucceeded': { target: 'paid', actions: 'recordOutcome' },
        'frame.apmRedirect': { guard: 'isSafeRedirect', target: 'redirecting', actions: 'recordOutcome' },
      },
    },
    paying: {
      on: {
        'frame.paymentSucceeded': { target: 'paid', actions: 'recordOutcome' },
        'frame.paymentFailed': {
          target: 'ready',
          actions: ['rememberFailure', { type: 'notifyFailure', params: ({ event }) => ({ failure: event.failure }) }],
        },
        'frame.loaderHidden': { target: 'ready', actions: 'notifyStopped' },
        'frame.apmRedirect': { guard: 'isSafeRedirect', target: 'redirecting', actions: 'recordOutcome' },
      },
    },
    paid: {
      type: 'final',
    },
    redirecting: {
      type: 'final',
    },
  },
  output: ({ context }) => context.outcome!,
});

export type CheckoutFrameActor = ActorRefFrom<typeof checkoutFrameMachine>;
