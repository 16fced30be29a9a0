/**
 * The cancellation reminder's wiring: what its machine is told about the person (the plan, the
 * saved preference, the local flag, the address and the cancel-flow arm) and the app's effects
 * behind its placeholders (the preference saved through the API, the local flag written).
 */
import { fromPromise } from 'xstate';
import { cancellationReminderMachine } from '../../../machines/cancellation-reminder.machine';
import type { Api } from '../../api';
import { ACCEPTED_CANCELLATION_REMINDER_KEY, readItem, writeItem, type KeyValueStorage } from '../../domain/storage';

export {
  billingCycleOf,
  calendarDayOf,
  preferenceValueOf,
  reminderInputOf,
  remindsBeforeRenewal,
  type ReminderPlan,
} from '../../domain/cancellation-reminder';

/** The reminder's texts (`locales/<culture>/cancel-reminder.json`). */
export const REMINDER_NAMESPACE = 'cancel-reminder';

/** The local flag counts when it reads "true" (any case, with or without JSON quotes). */
export function readAcceptedReminder(storage: KeyValueStorage | null | undefined): boolean {
  const raw = readItem(storage, ACCEPTED_CANCELLATION_REMINDER_KEY);
  return raw !== null && raw.trim().replace(/^"|"$/g, '').toLowerCase() === 'true';
}

export interface ReminderDeps {
  api: Pick<Api, 'users'>;
  /** The browser's storage (local, else session), read when the flag is written. */
  storage: () => KeyValueStorage | null;
}

/** The machine with the app's effects: the preference saved for real, then the local flag. */
export function provideReminder(deps: ReminderDeps) {
  return cancellationReminderMachine.provide({
    actors: {
      saveReminderPreference: fromPromise<unknown, { userUid: string; code: string; value: string }>(({ input }) =>
        deps.api.users.savePreference(input.userUid, { code: input.code, value: input.value }),
      ),
    },
    actions: {
      rememberAcceptedLocally: () => {
        writeItem(deps.storage(), ACCEPTED_CANCELLATION_REMINDER_KEY, 'true');
      },
    },
  });
}
