import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SettingsPaymentMethod, SettingsPlan } from './my-settings.rules';
import {
  canChangeCardFor,
  missingBillingField,
  renewalStillFailing,
  wasDeclined,
  type BillingDetails,
  type CardUpdateResult,
  type EnteredCard,
} from './payment-method.rules';

export interface PaymentMethodInput {
  userUid: string;
  /** The key of this change: a repeat of the same save answers the first result and charges nothing more. */
  sessionGuid: string;
  /** The billing name and address to start from when none is on file (the person's own). */
  billing: BillingDetails;
}

/** What the page loads: the plan, the payment method on file, and the billing details on file. */
export interface PaymentMethodAccount {
  plan: SettingsPlan | null;
  paymentMethod: SettingsPaymentMethod | null;
  billing: BillingDetails | null;
}

export interface SaveCardInput {
  userUid: string;
  sessionGuid: string;
  card: EnteredCard;
  billing: BillingDetails;
}

export interface PaymentMethodContext extends PaymentMethodInput {
  plan: SettingsPlan | null;
  /** The method on file: the old one until a new card is saved. */
  paymentMethod: SettingsPaymentMethod | null;
  /** The card the frame handed over last. */
  card: EnteredCard | null;
  result: CardUpdateResult | null;
  /** The last card entered was declined: the old one is kept. */
  declined: boolean;
  /** A billing field that must be filled in before the card can be saved. */
  billingMissing: 'firstName' | 'lastName' | null;
}

export type PaymentMethodEvent =
  | { type: 'account.retry' }
  | { type: 'billing.changed'; field: keyof BillingDetails; value: string }
  | { type: 'card.entered'; card: EnteredCard }
  | { type: 'card.retry' };

const loadedOutput = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * Change payment method (spec §2 "Other screens"; issue 15 item 5). Loads the plan and the method
 * on file; the sandbox card frame in its update mode checks a new card and hands it over; the
 * machine saves the billing name and address and the card, charging nothing. A declined card
 * keeps the old one. For a plan whose renewal failed the save retries that renewal once: success
 * makes the plan active again, a decline ends in `renewalFailed` (the subscription error). A
 * second press while a save is under way is ignored, and a save that could not reach the server
 * is retried with the same key, so nothing is ever charged twice.
 */
export const paymentMethodMachine = setup({
  types: {
    input: {} as PaymentMethodInput,
    context: {} as PaymentMethodContext,
    events: {} as PaymentMethodEvent,
  },
  guards: {
    cannotChangeCard: ({ event }) => !canChangeCardFor(loadedOutput<PaymentMethodAccount>(event).plan),
    isBillingIncomplete: ({ context }) => missingBillingField(context.billing) !== null,
    wasDeclined: ({ event }) => wasDeclined(loadedOutput<CardUpdateResult>(event)),
    isRenewalStillFailing: ({ event }) => renewalStillFailing(loadedOutput<CardUpdateResult>(event)),
  },
  actions: {
    rememberAccount: assign(({ context, event }) => {
      const account = loadedOutput<PaymentMethodAccount>(event);
      return { plan: account.plan, paymentMethod: account.paymentMethod, billing: account.billing ?? context.billing };
    }),
    editBilling: assign(({ context, event }) =>
      event.type === 'billing.changed'
        ? { billing: { ...context.billing, [event.field]: event.value }, billingMissing: null }
        : {},
    ),
    takeCard: assign(({ event }) =>
      event.type === 'card.entered' ? { card: event.card, declined: false, billingMissing: null } : {},
    ),
    askForBilling: assign(({ context }) => ({ billingMissing: missingBillingField(context.billing) })),
    rememberResult: assign(({ context, event }) => {
      const result = loadedOutput<CardUpdateResult>(event);
      return { result, declined: wasDeclined(result), paymentMethod: result.PaymentMethod ?? context.paymentMethod };
    }),
  },
  actors: {
    loadAccount: fromPromise<PaymentMethodAccount, { userUid: string }>(async () => {
      throw new Error('loadAccount is provided by the app');
    }),
    saveCard: fromPromise<CardUpdateResult, SaveCardInput>(async () => {
      throw new Error('saveCard is provided by the app');
    }),
  },
}).createMachine({
  id: 'paymentMethod',
  context: ({ input }) => ({
    ...input,
    plan: null,
    paymentMethod: null,
    card: null,
    result: null,
    declined: false,
    billingMissing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: 'cannotChangeCard', target: 'unavailable', actions: 'rememberAccount' },
          { target: 'ready', actions: 'rememberAccount' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'account.retry': { target: 'loading' } },
    },
    /** No plan that will charge a card: nothing to change here. */
    unavailable: {},
    ready: {
      tags: ['form'],
      on: {
        'billing.changed': { actions: 'editBilling' },
        'card.entered': [
          { guard: 'isBillingIncomplete', actions: ['takeCard', 'askForBilling'] },
          { target: 'saving', actions: 'takeCard' },
        ],
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({
          userUid: context.userUid,
          sessionGuid: context.sessionGuid,
          card: context.card!,
          billing: context.billing,
        }),
        onDone: [
          { guard: 'wasDeclined', target: 'ready', actions: 'rememberResult' },
          { guard: 'isRenewalStillFailing', target: 'renewalFailed', actions: 'rememberResult' },
          { target: 'saved', actions: 'rememberResult' },
        ],
        onError: { target: 'saveFailed' },
      },
    },
    saveFailed: {
      tags: ['form'],
      on: {
        // The same card again, once the billing name is there: an emptied name is asked for first.
        'card.retry': [
          { guard: 'isBillingIncomplete', target: 'ready', actions: 'askForBilling' },
          { target: 'saving' },
        ],
        'billing.changed': { actions: 'editBilling' },
        'card.entered': [
          { guard: 'isBillingIncomplete', target: 'ready', actions: ['takeCard', 'askForBilling'] },
          { target: 'saving', actions: 'takeCard' },
        ],
      },
    },
    saved: { type: 'final' },
    /** The card is on file, but the retried renewal was declined too: the plan stays unpaid. */
    renewalFailed: { type: 'final' },
  },
});

export type PaymentMethodActor = ActorRefFrom<typeof paymentMethodMachine>;
