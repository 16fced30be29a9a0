/** The cancellation reminder's paths the browser drives in my settings (cancellation-reminder.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * My settings asks whether to offer the reminder as soon as it shows the plan, and the save is
 * answered by the server (arranged by the spec: the real save, or a failure); the person accepts
 * or retries a failed save and dismisses the offer with the reminder's buttons. Every input of
 * the path model can be set up for real: the person (a trial or a paid plan), a stored preference
 * saved through the API, the local flag in storage, and the cancel-flow arm forced in the address.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (
    type.startsWith('xstate.done.actor.saveReminderPreference') ||
    type.startsWith('xstate.error.actor.saveReminderPreference')
  )
    return s.matches('saving');
  if (type === 'reminder.show') return s.matches('idle');
  // The reminder's buttons: each is drawn only where its event is accepted.
  return s.can({ type });
}

export const cancellationReminderPlan = browserPlan({ machine: 'cancellationReminder', pageOffers, notDriven: {} });
