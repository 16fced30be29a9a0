/**
 * Pure rules of the cancellation reminder (spec §2 "Cancellation", §3 preferences): instead
 * of cancelling now, the person asks to be reminded before the plan renews.
 */

/** The user preference that records the answer. */
export const REMINDER_PREFERENCE_CODE = 'CANCELLATION_REMINDER';
/** The variation of the cancel-flow experiment that offers the reminder. */
export const REMINDER_VARIATION = 4;

/** A trial and a paid cycle each have their own confirmation text and banner. */
export type BillingCycle = 'trial' | 'paid';

export interface ReminderAudience {
  /** The stored CANCELLATION_REMINDER preference; null when unset. */
  preference: string | null;
  /** `bypasscncrprefcheck=true` in the address: a stored answer does not count. */
  bypassPreferenceCheck: boolean;
  /** The local accepted-reminder flag is set. */
  acceptedLocally: boolean;
  /** The person's variation of the cancel-flow experiment; null when not in it. */
  cancelFlowVariation: number | null;
}

const isUnset = (value: string | null) => value === null || value.trim() === '';

/**
 * Offered only when nobody answered yet (no stored preference, unless the address bypasses
 * that check, and no local flag) and the person is in variation 4 of the cancel flow.
 */
export function offersCancellationReminder(audience: ReminderAudience): boolean {
  return (
    (isUnset(audience.preference) || audience.bypassPreferenceCheck) &&
    !audience.acceptedLocally &&
    audience.cancelFlowVariation === REMINDER_VARIATION
  );
}

const DAY_MS = 86_400_000;

/**
 * Whole days left until the period ends (dates as YYYY-MM-DD, compared as calendar days); 0
 * on the last day and after it.
 */
export function remainingDays(periodEndsOn: string, today: string): number {
  const days = Math.round((Date.parse(`${periodEndsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}
