/**
 * What the cancellation reminder in my settings is told about the person: whether the plan
 * renews at all, its billing cycle, the stored answer, and the days left. My settings and the
 * flow simulator both read it from here.
 */
import type { CancellationReminderInput } from '../../machines/cancellation-reminder.machine';
import { REMINDER_PREFERENCE_CODE, type BillingCycle } from '../../machines/cancellation-reminder.rules';
import type { AccountPreference } from '../../machines/startup-access.machine';

/** What the reminder reads of the current plan; the API's subscription carries these. */
export interface ReminderPlan {
  PlanKind?: string;
  StatusCD: string;
  NextBillingDate: string | null;
}

/** A reminder before renewal makes sense only for an active plan that renews. */
export const remindsBeforeRenewal = (plan: ReminderPlan | null): plan is ReminderPlan & { NextBillingDate: string } =>
  plan !== null && plan.StatusCD === 'ACTV' && plan.NextBillingDate !== null && plan.NextBillingDate.trim() !== '';

/** A trial plan ('Trial', 'Trial_Limited') is in its trial; every other kind in a paid period. */
export const billingCycleOf = (planKind: string | undefined): BillingCycle =>
  /^trial/i.test(planKind?.trim() ?? '') ? 'trial' : 'paid';

/** The calendar day (YYYY-MM-DD, UTC) of an instant, the way the server's dates are written. */
export const calendarDayOf = (instant: string | Date): string => {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
};

/** A saved preference's value by its code (any case); null when none is saved. */
export function preferenceValueOf(preferences: readonly AccountPreference[] | null, code: string): string | null {
  const wanted = code.trim().toLowerCase();
  return preferences?.find((p) => p.code.trim().toLowerCase() === wanted)?.value ?? null;
}

export interface ReminderFacts {
  userUid: string;
  plan: ReminderPlan & { NextBillingDate: string };
  preferences: readonly AccountPreference[] | null;
  bypassPreferenceCheck: boolean;
  acceptedLocally: boolean;
  cancelFlowVariation: number | null;
  now: Date;
}

/** The machine's input: the rule's facts, the cycle, and the days until the plan renews. */
export function reminderInputOf(facts: ReminderFacts): CancellationReminderInput {
  return {
    userUid: facts.userUid,
    preference: preferenceValueOf(facts.preferences, REMINDER_PREFERENCE_CODE),
    bypassPreferenceCheck: facts.bypassPreferenceCheck,
    acceptedLocally: facts.acceptedLocally,
    cancelFlowVariation: facts.cancelFlowVariation,
    cycle: billingCycleOf(facts.plan.PlanKind),
    periodEndsOn: calendarDayOf(facts.plan.NextBillingDate),
    today: calendarDayOf(facts.now),
  };
}
