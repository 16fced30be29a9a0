import { fromPromise, setup } from 'xstate';
import {
  REMINDER_PREFERENCE_CODE,
  offersCancellationReminder,
  remainingDays,
  type BillingCycle,
  type ReminderAudience,
} from './cancellation-reminder.rules';

export interface CancellationReminderInput extends ReminderAudience {
  userUid: string;
  cycle: BillingCycle;
  /** The last day of the period (YYYY-MM-DD) and today, for the remaining-days banner. */
  periodEndsOn: string;
  today: string;
}

export interface CancellationReminderContext extends CancellationReminderInput {
  /** Days left in the period, shown on the banner. */
  daysLeft: number;
}

export type CancellationReminderEvent =
  | { type: 'reminder.show' }
  | { type: 'reminder.accept' }
  /** "No, cancel now": the cancellation goes on. */
  | { type: 'reminder.decline' };

export type CancellationReminderOutput =
  { outcome: 'accepted'; cycle: BillingCycle; daysLeft: number } | { outcome: 'declined' } | { outcome: 'notOffered' };

/**
 * The cancellation reminder (spec §2 "Cancellation"): offered when the rule says so, with the
 * days left in the trial or paid period. Accepting saves the CANCELLATION_REMINDER preference
 * and the local flag, so it is accepted once; a failed save keeps the offer open for another
 * try, and declining goes on with the cancellation.
 */
export const cancellationReminderMachine = setup({
  types: {
    input: {} as CancellationReminderInput,
    context: {} as CancellationReminderContext,
    events: {} as CancellationReminderEvent,
    output: {} as CancellationReminderOutput,
  },
  actors: {
    saveReminderPreference: fromPromise<unknown, { userUid: string; code: string; value: string }>(async () => {
      throw new Error('saveReminderPreference is provided by the app');
    }),
  },
  guards: {
    offersCancellationReminder: ({ context }) => offersCancellationReminder(context),
  },
  actions: {
    // An effect the app provides: the local accepted-reminder flag.
    rememberAcceptedLocally: () => {},
  },
}).createMachine({
  id: 'cancellationReminder',
  context: ({ input }) => ({ ...input, daysLeft: remainingDays(input.periodEndsOn, input.today) }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reminder.show': [{ guard: 'offersCancellationReminder', target: 'offered' }, { target: 'notOffered' }],
      },
    },
    offered: {
      on: {
        'reminder.accept': { target: 'saving' },
        'reminder.decline': { target: 'declined' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveReminderPreference',
        src: 'saveReminderPreference',
        input: ({ context }) => ({ userUid: context.userUid, code: REMINDER_PREFERENCE_CODE, value: 'true' }),
        onDone: { target: 'accepted', actions: 'rememberAcceptedLocally' },
        onError: { target: 'saveFailed' },
      },
    },
    saveFailed: {
      on: {
        'reminder.accept': { target: 'saving' },
        'reminder.decline': { target: 'declined' },
      },
    },
    accepted: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'accepted', cycle: context.cycle, daysLeft: context.daysLeft }),
    },
    declined: { type: 'final', output: { outcome: 'declined' } },
    notOffered: { type: 'final', output: { outcome: 'notOffered' } },
  },
  output: ({ event }) => event.output as CancellationReminderOutput,
});
