import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  cancelFailureOf,
  cancelledEvent,
  cancelledReport,
  isCancellable,
  type CancelFailure,
  type CancelledEvent,
  type CancelledReport,
  type ConfirmedCancellation,
  type ConfirmPlan,
} from './cancellation-confirm.rules';

export interface CancellationConfirmInput {
  userUid: string;
  /** The person's arm of the cancel-flow experiment; null when they are not in it. */
  cancelFlowVariation: number | null;
}

export interface CancellationConfirmContext extends CancellationConfirmInput {
  plan: ConfirmPlan | null;
  cancellation: ConfirmedCancellation | null;
  failure: CancelFailure | null;
}

export type CancellationConfirmEvent =
  { type: 'confirm.cancel' } | { type: 'confirm.keep' } | { type: 'confirm.retry' };

/** How the person left: with a cancellation (to its receipt), or keeping the plan (to my settings). */
export type CancellationConfirmOutput =
  { outcome: 'cancelled'; cancellation: ConfirmedCancellation } | { outcome: 'kept' };

export interface CancelInput {
  userUid: string;
  subscriptionId: number;
}

/**
 * The end of the signed-in cancellation: loads the plan that would be cancelled, shows what
 * ends and when, and cancels it or keeps it. While the cancellation is on its way no event is
 * taken, so a second click cannot cancel twice; a failed cancellation keeps the page as it was,
 * with its error, so the person can simply try again.
 */
export const cancellationConfirmMachine = setup({
  types: {
    input: {} as CancellationConfirmInput,
    context: {} as CancellationConfirmContext,
    events: {} as CancellationConfirmEvent,
    output: {} as CancellationConfirmOutput,
  },
  actors: {
    loadPlan: fromPromise<ConfirmPlan | null, { userUid: string }>(async () => {
      throw new Error('loadPlan is provided by the app');
    }),
    cancelSubscription: fromPromise<ConfirmedCancellation, CancelInput>(async () => {
      throw new Error('cancelSubscription is provided by the app');
    }),
  },
  guards: {
    isCancellable: (_, params: { plan: ConfirmPlan | null }) => isCancellable(params.plan),
    isFinalFailure: (_, params: { failure: CancelFailure }) => params.failure === 'notCancellable',
  },
  actions: {
    rememberPlan: assign((_, params: { plan: ConfirmPlan | null }) => ({ plan: params.plan })),
    rememberCancellation: assign((_, params: { cancellation: ConfirmedCancellation }) => ({
      cancellation: params.cancellation,
      failure: null,
    })),
    rememberFailure: assign((_, params: { failure: CancelFailure }) => ({ failure: params.failure })),
    forgetFailure: assign({ failure: null }),
    // Effects the app provides.
    reportCancellation: (_, _params: CancelledReport) => {},
    trackCancellation: (_, _params: CancelledEvent) => {},
    showReceipt: (_, _params: CancellationConfirmOutput) => {},
    leaveToSettings: () => {},
  },
}).createMachine({
  id: 'cancellationConfirm',
  context: ({ input }) => ({ ...input, plan: null, cancellation: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          {
            guard: { type: 'isCancellable', params: ({ event }) => ({ plan: event.output }) },
            target: 'ready',
            actions: { type: 'rememberPlan', params: ({ event }) => ({ plan: event.output }) },
          },
          {
            target: 'nothingToCancel',
            actions: { type: 'rememberPlan', params: ({ event }) => ({ plan: event.output }) },
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'confirm.retry': { target: 'loading' } },
    },
    /** No plan, or one already cancelled or ended: nothing to do here but go back to my settings. */
    nothingToCancel: {
      on: { 'confirm.keep': { target: 'kept' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        /** The cancellation did not go through; everything shown stays, with the error and a retry. */
        cancelFailed: { tags: ['cancelFailed'] },
      },
      on: {
        'confirm.cancel': { target: 'cancelling', actions: 'forgetFailure' },
        'confirm.keep': { target: 'kept' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        input: ({ context }) => ({ userUid: context.userUid, subscriptionId: context.plan!.SubscriptionID }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'rememberCancellation', params: ({ event }) => ({ cancellation: event.output }) },
        },
        onError: [
          {
            // The server says there is nothing left to cancel (cancelled elsewhere meanwhile).
            guard: { type: 'isFinalFailure', params: ({ event }) => ({ failure: cancelFailureOf(event.error) }) },
            target: 'nothingToCancel',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: cancelFailureOf(event.error) }) },
          },
          {
            target: 'ready.cancelFailed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: cancelFailureOf(event.error) }) },
          },
        ],
      },
    },
    cancelled: {
      type: 'final',
      entry: [
        {
          type: 'reportCancellation',
          params: ({ context }) => cancelledReport(context.plan!, context.cancellation!, context.cancelFlowVariation),
        },
        {
          type: 'trackCancellation',
          params: ({ context }) => cancelledEvent(context.plan!, context.cancellation!, context.cancelFlowVariation),
        },
        {
          type: 'showReceipt',
          params: ({ context }) => ({ outcome: 'cancelled' as const, cancellation: context.cancellation! }),
        },
      ],
    },
    kept: { type: 'final', entry: 'leaveToSettings' },
  },
  output: ({ context }) =>
    context.cancellation ? { outcome: 'cancelled', cancellation: context.cancellation } : { outcome: 'kept' },
});

export type CancellationConfirmActor = ActorRefFrom<typeof cancellationConfirmMachine>;
