import type { PathModel } from '../coverage';
import type { CancellationReminderInput } from '../../../machines/cancellation-reminder.machine';

const trialInVariation4: CancellationReminderInput = {
  userUid: '5eed0000-0000-4000-8000-000000000002',
  preference: null,
  bypassPreferenceCheck: false,
  acceptedLocally: false,
  cancelFlowVariation: 4,
  cycle: 'trial',
  periodEndsOn: '2026-12-04',
  today: '2026-11-25',
};

export const cancellationReminderModel: PathModel = {
  inputs: [
    trialInVariation4,
    { ...trialInVariation4, cycle: 'paid', periodEndsOn: '2026-12-05' },
    // Each rule that keeps it from being offered.
    { ...trialInVariation4, preference: 'false' },
    { ...trialInVariation4, acceptedLocally: true },
    { ...trialInVariation4, cancelFlowVariation: 2 },
  ] satisfies CancellationReminderInput[],
  events: (snapshot) =>
    snapshot.matches('saving')
      ? [
          { type: 'xstate.done.actor.saveReminderPreference', output: {} },
          { type: 'xstate.error.actor.saveReminderPreference', error: new Error('503') },
        ]
      : [{ type: 'reminder.show' }, { type: 'reminder.accept' }, { type: 'reminder.decline' }],
};
