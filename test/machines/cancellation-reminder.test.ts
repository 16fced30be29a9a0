import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  cancellationReminderMachine,
  type CancellationReminderInput,
} from '../../machines/cancellation-reminder.machine';
import {
  REMINDER_PREFERENCE_CODE,
  offersCancellationReminder,
  remainingDays,
  type ReminderAudience,
} from '../../machines/cancellation-reminder.rules';
import { cancellationReminderModel } from './models/cancellationReminder.model';

const inVariation4: ReminderAudience = {
  preference: null,
  bypassPreferenceCheck: false,
  acceptedLocally: false,
  cancelFlowVariation: 4,
};

describe('who is offered the cancellation reminder', () => {
  it.each([
    ['nobody answered, variation 4', {}, true],
    ['a stored answer', { preference: 'false' }, false],
    ['a stored yes', { preference: 'true' }, false],
    ['a blank stored value counts as unset', { preference: '  ' }, true],
    ['a stored answer with bypasscncrprefcheck=true', { preference: 'false', bypassPreferenceCheck: true }, true],
    ['accepted on this browser', { acceptedLocally: true }, false],
    ['accepted on this browser, even with the bypass', { acceptedLocally: true, bypassPreferenceCheck: true }, false],
    ['variation 3', { cancelFlowVariation: 3 }, false],
    ['not in the experiment', { cancelFlowVariation: null }, false],
  ] as const)('%s: %s', (_, overrides, offered) => {
    expect(offersCancellationReminder({ ...inVariation4, ...overrides })).toBe(offered);
  });
});

describe('the days left on the banner', () => {
  it.each([
    ['2026-12-04', '2026-11-25', 9],
    ['2026-11-26', '2026-11-25', 1],
    ['2026-11-25', '2026-11-25', 0],
    ['2026-11-20', '2026-11-25', 0],
    ['2027-01-01', '2026-12-31', 1],
    ['2026-03-30', '2026-03-28', 2],
    ['not a date', '2026-11-25', 0],
  ])('until %s from %s: %s', (end, today, days) => {
    expect(remainingDays(end, today)).toBe(days);
  });
});

function reminder(
  overrides: Partial<CancellationReminderInput>,
  saves: (() => Promise<unknown>)[] = [async () => ({})],
) {
  const saved: unknown[] = [];
  let remembered = 0;
  const actor = createActor(
    cancellationReminderMachine.provide({
      actors: {
        saveReminderPreference: fromPromise(async ({ input }) => {
          saved.push(input);
          return saves.shift()!();
        }),
      },
      actions: { rememberAcceptedLocally: () => void (remembered += 1) },
    }),
    { input: { ...(cancellationReminderModel.inputs[0] as CancellationReminderInput), ...overrides } },
  ).start();
  return { actor, saved, remembered: () => remembered };
}

describe('the cancellation reminder', () => {
  it.each([
    ['trial', '2026-12-04', 9],
    ['paid', '2026-12-05', 10],
  ] as const)(
    'accepted in a %s cycle: saves the preference once, sets the local flag, and ends with the days left',
    async (cycle, periodEndsOn, daysLeft) => {
      const { actor, saved, remembered } = reminder({ cycle, periodEndsOn });
      actor.send({ type: 'reminder.show' });
      expect(actor.getSnapshot().value).toBe('offered');
      actor.send({ type: 'reminder.accept' });
      actor.send({ type: 'reminder.accept' });
      const done = await waitFor(actor, (s) => s.status === 'done');
      expect(done.output).toEqual({ outcome: 'accepted', cycle, daysLeft });
      expect(saved).toEqual([
        { userUid: '5eed0000-0000-4000-8000-000000000002', code: REMINDER_PREFERENCE_CODE, value: 'true' },
      ]);
      expect(remembered()).toBe(1);
    },
  );

  it('a failed save keeps the offer for another try, and sets the local flag only once it is saved', async () => {
    const { actor, saved, remembered } = reminder({}, [() => Promise.reject(new Error('503')), async () => ({})]);
    actor.send({ type: 'reminder.show' });
    actor.send({ type: 'reminder.accept' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(remembered()).toBe(0);
    actor.send({ type: 'reminder.accept' });
    expect((await waitFor(actor, (s) => s.status === 'done')).output).toMatchObject({ outcome: 'accepted' });
    expect(saved).toHaveLength(2);
    expect(remembered()).toBe(1);
  });

  it('declining goes on with the cancellation, and someone not offered it passes straight through', () => {
    const offered = reminder({}).actor;
    offered.send({ type: 'reminder.show' });
    offered.send({ type: 'reminder.decline' });
    expect(offered.getSnapshot().output).toEqual({ outcome: 'declined' });
    const answeredBefore = reminder({ preference: 'true' }).actor;
    answeredBefore.send({ type: 'reminder.show' });
    expect(answeredBefore.getSnapshot().output).toEqual({ outcome: 'notOffered' });
  });
});
