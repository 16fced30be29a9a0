import { and, assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import type { CancellationRequestValues } from './cancellation-request.rules';
import { isValidAccountId, isValidEmail, normaliseEmail } from './validation.rules';

export interface CancellationReceiptData {
  CancellationNumber: string;
  ReceivedAt: string;
  EffectiveDate: string | null;
}

export interface CancellationRequestInput {
  /** Configuration can hide the termination date field. */
  dateHiddenByConfig: boolean;
}

export interface CancellationRequestContext extends CancellationRequestInput {
  values: CancellationRequestValues;
  captchaPayload: string | null;
  /** After a blocked submit every field shows its error, touched or not. */
  errorsRevealed: boolean;
  failure: 'network' | 'server' | 'rateLimited' | 'rejected' | null;
  receipt: CancellationReceiptData | null;
}

export type CancellationRequestEvent =
  | { type: 'form.email.changed'; value: string }
  | { type: 'form.email.blurred' }
  | { type: 'form.accountId.changed'; value: string }
  | { type: 'form.accountId.blurred' }
  | { type: 'form.captcha.solved'; payload: string }
  | { type: 'form.captcha.failed' }
  | { type: 'form.captcha.checked' }
  | { type: 'form.extraordinary.toggled' }
  | { type: 'form.reason.changed'; value: string }
  | { type: 'form.date.changed'; value: string | null }
  | { type: 'form.submitted' }
  | { type: 'form.retried' };

export interface SubmitInput {
  values: CancellationRequestValues;
  captchaPayload: string;
}

/** Failures the submit actor can report; anything else counts as a server failure. */
export const failureOf = (error: unknown): NonNullable<CancellationRequestContext['failure']> => {
  const code = typeof error === 'object' && error && 'kind' in error ? (error as { kind: unknown }).kind : null;
  return code === 'network' || code === 'rateLimited' || code === 'rejected' ? code : 'server';
};

const SELF = '#cancellationRequest';

/**
 * The logged-out cancellation request form: every field is on one page from the start, submit
 * is blocked until e-mail, account id and captcha are valid, and a failed submit keeps the
 * input and offers a retry. There is no sign-in and no offer on the way.
 */
export const cancellationRequestMachine = setup({
  types: {
    input: {} as CancellationRequestInput,
    context: {} as CancellationRequestContext,
    events: {} as CancellationRequestEvent,
    output: {} as { receipt: CancellationReceiptData },
  },
  actors: {
    submitRequest: fromPromise<CancellationReceiptData, SubmitInput>(async () => {
      throw new Error('submitRequest is provided by the app');
    }),
  },
  guards: {
    emailIsValid: ({ context }) => isValidEmail(context.values.email),
    changedEmailIsValid: (_, params: { value: string }) => isValidEmail(params.value),
    accountIdIsValid: ({ context }) => isValidAccountId(context.values.accountId),
    changedAccountIdIsValid: (_, params: { value: string }) => isValidAccountId(params.value),
    allRequiredFieldsValid: and([
      stateIn(`${SELF}.form.email.valid`),
      stateIn(`${SELF}.form.accountId.valid`),
      stateIn(`${SELF}.form.captcha.solved`),
    ]),
  },
  actions: {
    setEmail: assign(({ context }, params: { value: string }) => ({
      values: { ...context.values, email: normaliseEmail(params.value) },
    })),
    setAccountId: assign(({ context }, params: { value: string }) => ({
      values: { ...context.values, accountId: params.value.trim() },
    })),
    setCaptcha: assign((_, params: { payload: string | null }) => ({ captchaPayload: params.payload })),
    toggleExtraordinary: assign(({ context }) => ({
      values: { ...context.values, extraordinary: !context.values.extraordinary },
    })),
    setReason: assign(({ context }, params: { value: string }) => ({
      values: { ...context.values, reason: params.value },
    })),
    setDate: assign(({ context }, params: { value: string | null }) => ({
      values: { ...context.values, date: params.value },
    })),
    revealErrors: assign({ errorsRevealed: true }),
    checkEveryField: enqueueActions(({ enqueue }) => {
      enqueue.raise({ type: 'form.email.blurred' });
      enqueue.raise({ type: 'form.accountId.blurred' });
      enqueue.raise({ type: 'form.captcha.checked' });
    }),
    clearFailure: assign({ failure: null }),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    rememberReceipt: assign((_, params: { receipt: CancellationReceiptData }) => ({ receipt: params.receipt })),
    // Effect the app provides: on to the receipt page, which reads the saved receipt.
    showReceipt: (_, _params: undefined) => {},
  },
}).createMachine({
  id: 'cancellationRequest',
  context: ({ input }) => ({
    dateHiddenByConfig: input.dateHiddenByConfig,
    values: { email: '', accountId: '', extraordinary: false, reason: '', date: null },
    captchaPayload: null,
    errorsRevealed: false,
    failure: null,
    receipt: null,
  }),
  initial: 'form',
  states: {
    form: {
      type: 'parallel',
      states: {
        email: {
          initial: 'untouched',
          on: {
            'form.email.changed': [
              {
                guard: { type: 'changedEmailIsValid', params: ({ event }) => ({ value: event.value }) },
                target: '.valid',
                actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) },
              },
              { target: '.invalid', actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) } },
            ],
            'form.email.blurred': [{ guard: 'emailIsValid', target: '.valid' }, { target: '.invalid' }],
          },
          states: {
            // Typing into an untouched field does not judge it yet: leaving it does.
            untouched: {
              on: {
                'form.email.changed': {
                  actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) },
                },
              },
            },
            valid: {},
            invalid: {},
          },
        },
        accountId: {
          initial: 'untouched',
          on: {
            'form.accountId.changed': [
              {
                guard: { type: 'changedAccountIdIsValid', params: ({ event }) => ({ value: event.value }) },
                target: '.valid',
                actions: { type: 'setAccountId', params: ({ event }) => ({ value: event.value }) },
              },
              {
                target: '.invalid',
                actions: { type: 'setAccountId', params: ({ event }) => ({ value: event.value }) },
              },
            ],
            'form.accountId.blurred': [{ guard: 'accountIdIsValid', target: '.valid' }, { target: '.invalid' }],
          },
          states: {
            untouched: {
              on: {
                'form.accountId.changed': {
                  actions: { type: 'setAccountId', params: ({ event }) => ({ value: event.value }) },
                },
              },
            },
            valid: {},
            invalid: {},
          },
        },
        captcha: {
          initial: 'untouched',
          on: {
            'form.captcha.solved': {
              target: '.solved',
              actions: { type: 'setCaptcha', params: ({ event }) => ({ payload: event.payload }) },
            },
            'form.captcha.failed': { target: '.invalid', actions: { type: 'setCaptcha', params: { payload: null } } },
          },
          states: {
            untouched: { on: { 'form.captcha.checked': { target: 'invalid' } } },
            solved: {},
            invalid: {},
          },
        },
        termination: {
          initial: 'ordinary',
          on: {
            'form.reason.changed': { actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) } },
            'form.date.changed': { actions: { type: 'setDate', params: ({ event }) => ({ value: event.value }) } },
          },
          states: {
            ordinary: {
              on: { 'form.extraordinary.toggled': { target: 'extraordinary', actions: 'toggleExtraordinary' } },
            },
            extraordinary: {
              on: { 'form.extraordinary.toggled': { target: 'ordinary', actions: 'toggleExtraordinary' } },
            },
          },
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'form.submitted': [
                  { guard: 'allRequiredFieldsValid', target: 'submitting' },
                  { actions: ['revealErrors', 'checkEveryField'] },
                ],
              },
            },
            submitting: {
              entry: 'clearFailure',
              invoke: {
                id: 'submitCancellationRequest',
                src: 'submitRequest',
                input: ({ context }) => ({ values: context.values, captchaPayload: context.captchaPayload ?? '' }),
                onDone: {
                  target: `${SELF}.received`,
                  actions: { type: 'rememberReceipt', params: ({ event }) => ({ receipt: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: {
              on: {
                'form.retried': [
                  { guard: 'allRequiredFieldsValid', target: 'submitting' },
                  { target: 'idle', actions: ['revealErrors', 'checkEveryField'] },
                ],
                'form.submitted': [
                  { guard: 'allRequiredFieldsValid', target: 'submitting' },
                  { target: 'idle', actions: ['revealErrors', 'checkEveryField'] },
                ],
              },
            },
          },
        },
      },
    },
    received: { type: 'final', entry: 'showReceipt' },
  },
  output: ({ context }) => ({ receipt: context.receipt! }),
});
