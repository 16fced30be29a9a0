import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  billingCycleOf,
  calendarDayOf,
  preferenceValueOf,
  provideReminder,
  readAcceptedReminder,
  reminderInputOf,
  remindsBeforeRenewal,
  type ReminderDeps,
} from '../../src/features/my-settings/reminder-effects';
import { ACCEPTED_CANCELLATION_REMINDER_KEY, type KeyValueStorage } from '../../src/domain/storage';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the cancellation reminder in my settings: what it reads', () => {
  it.each([
    ['Trial', 'trial'],
    ['Trial_Limited', 'trial'],
    [' trial ', 'trial'],
    ['Monthly', 'paid'],
    ['NMonthlyRecurring', 'paid'],
    ['', 'paid'],
    [undefined, 'paid'],
  ] as const)('plan kind %j is in a %s cycle', (kind, cycle) => {
    expect(billingCycleOf(kind)).toBe(cycle);
  });

  it('is offered only beside an active plan that renews', () => {
    expect(remindsBeforeRenewal({ StatusCD: 'ACTV', NextBillingDate: '2026-12-04T10:00:00.000Z' })).toBe(true);
    expect(remindsBeforeRenewal({ StatusCD: 'ACTV', NextBillingDate: null })).toBe(false);
    expect(remindsBeforeRenewal({ StatusCD: 'ACTV', NextBillingDate: ' ' })).toBe(false);
    expect(remindsBeforeRenewal({ StatusCD: 'EXPR', NextBillingDate: '2026-12-04T10:00:00.000Z' })).toBe(false);
    expect(remindsBeforeRenewal(null)).toBe(false);
  });

  it('days are UTC calendar days; an unreadable date is empty', () => {
    expect(calendarDayOf('2026-12-04T23:30:00.000Z')).toBe('2026-12-04');
    expect(calendarDayOf(new Date('2026-11-25T00:10:00.000Z'))).toBe('2026-11-25');
    expect(calendarDayOf('soon')).toBe('');
  });

  it('finds the preference by its code in any case, else null', () => {
    const saved = [
      { code: 'LOW_INTENT_USER', value: 'false' },
      { code: 'cancellation_reminder ', value: 'true' },
    ];
    expect(preferenceValueOf(saved, 'CANCELLATION_REMINDER')).toBe('true');
    expect(preferenceValueOf([{ code: 'LOW_INTENT_USER', value: 'true' }], 'CANCELLATION_REMINDER')).toBeNull();
    expect(preferenceValueOf(null, 'CANCELLATION_REMINDER')).toBeNull();
  });

  it.each([
    ['true', true],
    ['"true"', true],
    [' TRUE ', true],
    ['false', false],
    ['yes', false],
  ])('the local flag %j reads as %s', (stored, flag) => {
    expect(readAcceptedReminder(memoryStorage({ [ACCEPTED_CANCELLATION_REMINDER_KEY]: stored }))).toBe(flag);
  });

  it('no flag, or no storage, reads as not accepted', () => {
    expect(readAcceptedReminder(memoryStorage())).toBe(false);
    expect(readAcceptedReminder(null)).toBe(false);
  });

  it('builds the machine input: the preference, flags, arm, cycle and the days until renewal', () => {
    expect(
      reminderInputOf({
        userUid: 'u1',
        plan: { PlanKind: 'Trial_Limited', StatusCD: 'ACTV', NextBillingDate: '2026-12-04T15:00:00.000Z' },
        preferences: [{ code: 'CANCELLATION_REMINDER', value: 'false' }],
        bypassPreferenceCheck: true,
        acceptedLocally: false,
        cancelFlowVariation: 4,
        now: new Date('2026-11-25T09:00:00.000Z'),
      }),
    ).toEqual({
      userUid: 'u1',
      preference: 'false',
      bypassPreferenceCheck: true,
      acceptedLocally: false,
      cancelFlowVariation: 4,
      cycle: 'trial',
      periodEndsOn: '2026-12-04',
      today: '2026-11-25',
    });
  });
});

describe('the cancellation reminder in my settings: its effects', () => {
  const input = {
    userUid: 'u1',
    preference: null,
    bypassPreferenceCheck: false,
    acceptedLocally: false,
    cancelFlowVariation: 4,
    cycle: 'paid' as const,
    periodEndsOn: '2026-12-05',
    today: '2026-11-25',
  };

  function start(save: () => Promise<unknown>) {
    const storage = memoryStorage();
    const calls: unknown[] = [];
    const deps: ReminderDeps = {
      api: {
        users: { savePreference: (userId: string, body: unknown) => (calls.push([userId, body]), save()) },
      } as unknown as ReminderDeps['api'],
      storage: () => storage,
    };
    const actor = createActor(provideReminder(deps), { input }).start();
    actor.send({ type: 'reminder.show' });
    actor.send({ type: 'reminder.accept' });
    return { actor, storage, calls };
  }

  it('accepting saves the preference through the API, then sets the local flag', async () => {
    const { actor, storage, calls } = start(async () => ({ code: 'CANCELLATION_REMINDER', value: 'true' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([['u1', { code: 'CANCELLATION_REMINDER', value: 'true' }]]);
    expect(storage.items.get(ACCEPTED_CANCELLATION_REMINDER_KEY)).toBe('true');
  });

  it('a failed save leaves the flag unset, so nothing is recorded that was not saved', async () => {
    const { actor, storage } = start(() => Promise.reject(new Error('503')));
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(storage.items.has(ACCEPTED_CANCELLATION_REMINDER_KEY)).toBe(false);
  });
});
