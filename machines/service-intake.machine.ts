import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  answersOf,
  areAnswersValid,
  draftOf,
  EMPTY_DRAFT,
  intakeErrors,
  sendFailureOf,
  type IntakeAnswers,
  type IntakeDraft,
  type IntakeErrors,
  type IntakeField,
  type IntakeSendFailure,
  type IntakeStatus,
} from './service-intake.rules';
import type { ServiceKind } from './service-products.rules';

export interface ServiceIntakeInput {
  userUid: string;
  /** The service, chosen by the page's product id. */
  service: ServiceKind;
  /** The sale the address names (`orderid`), if any. */
  orderId: number | null;
  /** Reached at the end of the upsell sequence (`from=upsell`): only then can the intake be left for later. */
  fromUpsells: boolean;
}

/** The intake as the server answers it. */
export interface IntakeRecord {
  status: IntakeStatus;
  orderId: number | null;
  answers: IntakeAnswers | null;
  answeredAt: string | null;
  /** The service's SKU in the person's market, to buy it; null where it is not sold. */
  skuId: number | null;
  formattedPrice: string | null;
}

export interface ServiceIntakeContext extends ServiceIntakeInput {
  record: IntakeRecord | null;
  /** What the person typed: kept through refusals and failed sends. */
  draft: IntakeDraft;
  errors: IntakeErrors;
  sendFailure: IntakeSendFailure | null;
}

export type ServiceIntakeEvent =
  | { type: 'intake.change'; field: IntakeField; value: string }
  | { type: 'intake.submit' }
  | { type: 'intake.retry' }
  | { type: 'intake.buy' }
  | { type: 'intake.dashboard' };

export type ServiceIntakeOutput = { next: 'dashboard' } | { next: 'checkout'; skuId: number };

export interface LoadIntakeInput {
  service: ServiceKind;
  orderId: number | null;
}

export interface SubmitIntakeInput extends LoadIntakeInput {
  answers: IntakeAnswers;
}

const checkoutExit = (context: ServiceIntakeContext): ServiceIntakeOutput => ({
  next: 'checkout',
  skuId: context.record!.skuId!,
});

const recordOf = ({ event }: { event: unknown }) => ({ record: (event as { output: IntakeRecord }).output });

/**
 * The intake of a bought service (resume review, tune-up, resume writing, cover-letter writing):
 * it loads the order, asks the service's questions, and stores the answers once. Someone with no
 * order of the service is offered to buy it; answers already given are shown instead of the form.
 * A refused send shows the fields to correct; a failed one keeps every answer for a retry.
 */
export const serviceIntakeMachine = setup({
  types: {
    input: {} as ServiceIntakeInput,
    context: {} as ServiceIntakeContext,
    events: {} as ServiceIntakeEvent,
    output: {} as ServiceIntakeOutput,
  },
  actors: {
    loadIntake: fromPromise<IntakeRecord, LoadIntakeInput>(async () => {
      throw new Error('loadIntake is provided by the app');
    }),
    submitIntake: fromPromise<IntakeRecord, SubmitIntakeInput>(async () => {
      throw new Error('submitIntake is provided by the app');
    }),
  },
  guards: {
    isNotPurchased: (_, params: { record: IntakeRecord }) => params.record.status === 'notPurchased',
    isAnswered: (_, params: { record: IntakeRecord }) => params.record.status === 'answered',
    areAnswersValid: ({ context }) => areAnswersValid(context.service, answersOf(context.draft)),
    isRefusedAnswers: (_, params: { error: unknown }) => sendFailureOf(params.error).kind === 'rejected',
    isSoldHere: ({ context }) => context.record?.skuId != null,
    // The upsell sequence ends here after a purchase: the person may want the dashboard first and answer later.
    canAnswerLater: ({ context }) => context.fromUpsells,
  },
  actions: {
    rememberRecord: assign((_, params: { record: IntakeRecord }) => ({ record: params.record })),
    rememberAnswered: assign((_, params: { record: IntakeRecord }) => ({
      record: params.record,
      draft: params.record.answers ? draftOf(params.record.answers) : EMPTY_DRAFT,
      errors: {},
      sendFailure: null,
    })),
    changeAnswer: assign(({ context }, params: { field: IntakeField; value: string }) => {
      const { [params.field]: _cleared, ...errors } = context.errors;
      return { draft: { ...context.draft, [params.field]: params.value }, errors, sendFailure: null };
    }),
    showErrors: assign(({ context }) => ({ errors: intakeErrors(context.service, answersOf(context.draft)) })),
    rememberSendFailure: assign((_, params: { error: unknown }) => {
      const failure = sendFailureOf(params.error);
      return { sendFailure: failure, errors: failure.kind === 'rejected' ? failure.errors : {} };
    }),
    /** Carries the person where the page's end leads; provided by the app. */
    leaveIntake: (_, _params: ServiceIntakeOutput) => {},
  },
}).createMachine({
  id: 'serviceIntake',
  context: ({ input }) => ({ ...input, record: null, draft: EMPTY_DRAFT, errors: {}, sendFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadIntake',
        src: 'loadIntake',
        input: ({ context }) => ({ service: context.service, orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isNotPurchased', params: recordOf },
            target: 'notPurchased',
            actions: { type: 'rememberRecord', params: recordOf },
          },
          {
            guard: { type: 'isAnswered', params: recordOf },
            target: 'answered',
            actions: { type: 'rememberAnswered', params: recordOf },
          },
          { target: 'editing', actions: { type: 'rememberRecord', params: recordOf } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'intake.retry': { target: 'loading' }, 'intake.dashboard': { target: 'toDashboard' } },
    },
    notPurchased: {
      on: {
        'intake.buy': { guard: 'isSoldHere', target: 'toCheckout' },
        'intake.dashboard': { target: 'toDashboard' },
      },
    },
    editing: {
      on: {
        'intake.change': {
          actions: { type: 'changeAnswer', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'intake.submit': [{ guard: 'areAnswersValid', target: 'submitting' }, { actions: 'showErrors' }],
        // "Do this later": the order keeps its intake, reachable from the dashboard.
        'intake.dashboard': { guard: 'canAnswerLater', target: 'toDashboard' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitIntake',
        src: 'submitIntake',
        input: ({ context }) => ({
          service: context.service,
          orderId: context.record?.orderId ?? context.orderId,
          answers: answersOf(context.draft),
        }),
        onDone: { target: 'answered', actions: { type: 'rememberAnswered', params: recordOf } },
        onError: [
          {
            guard: { type: 'isRefusedAnswers', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'rememberSendFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'sendFailed',
            actions: { type: 'rememberSendFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    sendFailed: {
      on: {
        'intake.retry': { target: 'submitting' },
        'intake.dashboard': { guard: 'canAnswerLater', target: 'toDashboard' },
        'intake.change': {
          target: 'editing',
          actions: { type: 'changeAnswer', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
    answered: {
      on: { 'intake.dashboard': { target: 'toDashboard' } },
    },
    toDashboard: {
      type: 'final',
      entry: { type: 'leaveIntake', params: { next: 'dashboard' } },
      output: { next: 'dashboard' },
    },
    toCheckout: {
      type: 'final',
      entry: { type: 'leaveIntake', params: ({ context }) => checkoutExit(context) },
      output: ({ context }) => checkoutExit(context),
    },
  },
  output: ({ event }) => event.output as ServiceIntakeOutput,
});

export type ServiceIntakeActor = ActorRefFrom<typeof serviceIntakeMachine>;
