import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  allowedEntries,
  hasBillingProblem,
  type AccountEntry,
  type SettingsAccount,
  type SettingsPaymentMethod,
  type SettingsPlan,
} from './my-settings.rules';

export interface MySettingsInput {
  userUid: string;
}

export interface MySettingsContext extends MySettingsInput {
  /** The current plan once loaded; null when the person has none. */
  plan: SettingsPlan | null;
  /** The payment method on file once loaded; null when there is none. */
  paymentMethod: SettingsPaymentMethod | null;
  /** The ways on this account allows (my-settings.rules), decided when it loads. */
  entries: AccountEntry[];
}

export type MySettingsEvent = { type: 'plan.retry' };

/** The account the loader answered: the guard and the action run on its done event only. */
const loadedAccount = (event: unknown): SettingsAccount => (event as { output: SettingsAccount }).output;

/**
 * My settings (spec §2 "Other screens"): loads the signed-in person's account (the current plan
 * and the payment method on file), decides which ways on it allows, and on a failure offers a
 * retry instead of an empty page. A plan whose renewal failed ends in `billingProblem`, where
 * the page leads to fixing the card.
 */
export const mySettingsMachine = setup({
  types: {
    input: {} as MySettingsInput,
    context: {} as MySettingsContext,
    events: {} as MySettingsEvent,
  },
  guards: {
    hasBillingProblem: ({ event }) => hasBillingProblem(loadedAccount(event).plan),
  },
  actions: {
    rememberAccount: assign(({ event }) => {
      const account = loadedAccount(event);
      return { plan: account.plan, paymentMethod: account.paymentMethod, entries: allowedEntries(account) };
    }),
  },
  actors: {
    loadAccount: fromPromise<SettingsAccount, { userUid: string }>(async () => {
      throw new Error('loadAccount is provided by the app');
    }),
  },
}).createMachine({
  id: 'mySettings',
  context: ({ input }) => ({ ...input, plan: null, paymentMethod: null, entries: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: 'hasBillingProblem', target: 'billingProblem', actions: 'rememberAccount' },
          { target: 'loaded', actions: 'rememberAccount' },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'plan.retry': { target: 'loading' } },
    },
    loaded: {
      tags: ['shown'],
    },
    billingProblem: {
      tags: ['shown'],
    },
  },
});

export type MySettingsActor = ActorRefFrom<typeof mySettingsMachine>;
