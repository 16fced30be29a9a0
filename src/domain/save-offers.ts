/**
 * Save offers: what the cancellation funnel may offer a person who is about to cancel instead
 * of letting the plan stop, and when an offer may still be taken. Pure rules, shared by the
 * server (which applies an offer) and the client (which decides whether to show one).
 */

export const SAVE_OFFER_IDS = ['halfOffNextRenewal', 'freeMonth'] as const;
export type SaveOfferId = (typeof SAVE_OFFER_IDS)[number];

export type SaveOfferKind = 'discount' | 'freeMonth';

export interface SaveOffer {
  id: SaveOfferId;
  kind: SaveOfferKind;
  /** Percent taken off the next renewal; null for an offer that is not a discount. */
  discountPercent: number | null;
  /** Months the next renewal moves later at no charge; null for an offer that is not a free month. */
  freeMonths: number | null;
}

export const SAVE_OFFERS: Record<SaveOfferId, SaveOffer> = {
  halfOffNextRenewal: { id: 'halfOffNextRenewal', kind: 'discount', discountPercent: 50, freeMonths: null },
  freeMonth: { id: 'freeMonth', kind: 'freeMonth', discountPercent: null, freeMonths: 1 },
};

/** How many save offers, of any kind, one subscription may take within the window. */
export const REDEMPTION_LIMIT = 1;
/** The window the limit counts over, in calendar months back from now. */
export const REDEMPTION_WINDOW_MONTHS = 12;

/** The lengths a pause may have, in months. */
export const PAUSE_MONTHS = [1, 2, 3] as const;

/**
 * The same day `months` calendar months later (or earlier, for a negative count); a day the
 * target month does not have becomes its last day (31 January + 1 month = 28 or 29 February).
 * Works in UTC, keeping the time of day.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface RedeemableInput {
  /** The subscription's status code: only ACTV may take an offer. */
  status: string;
  /** Whether the plan renews by itself (an auto-renewing subscription). */
  planIsRecurring: boolean;
  /** Save offers already taken on this subscription, of any kind. */
  redemptions: readonly { redeemedAt: Date | string }[];
  now: Date;
}

/** The redemptions that count against the limit at `now`: those of the last REDEMPTION_WINDOW_MONTHS months. */
export function redemptionsInWindow<T>(
  redemptions: readonly T[],
  redeemedAt: (redemption: T) => Date | string,
  now: Date,
): T[] {
  const windowStart = addMonths(now, -REDEMPTION_WINDOW_MONTHS).getTime();
  // A redemption stamped a moment after `now` (another clock) still counts.
  return redemptions.filter((r) => new Date(redeemedAt(r)).getTime() > windowStart);
}

/**
 * A save offer may be taken on an active, auto-renewing subscription that has taken fewer than
 * REDEMPTION_LIMIT offers in the last REDEMPTION_WINDOW_MONTHS months.
 */
export function isSaveOfferRedeemable({ status, planIsRecurring, redemptions, now }: RedeemableInput): boolean {
  if (status !== 'ACTV' || !planIsRecurring) return false;
  return redemptionsInWindow(redemptions, (r) => r.redeemedAt, now).length < REDEMPTION_LIMIT;
}

/** The price of the next renewal with a discount taken off, rounded to the cent. */
export function discountedPrice(unitPrice: number, discountPercent: number | null): number {
  if (!discountPercent) return unitPrice;
  // In whole cents, so that a half cent rounds up the same way whatever the binary fraction.
  const cents = Math.round(unitPrice * 100);
  return Math.round((cents * (100 - discountPercent)) / 100) / 100;
}
