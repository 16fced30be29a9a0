/**
 * Rules of winback (spec §2 "Other screens", §4 user types and mode/flow `winback`, §7 the skus
 * flags for user type and cancellation days). Pure: the server decides with them who may redeem
 * a winback offer, and the winback page's machine reads the same answers.
 */

/** Who a winback offer is for: an Expired person, or an Expiring one invited back (EXPR_WIN). */
export type WinbackAudience = 'EXPD' | 'EXPR_WIN';

/** Where a person stands towards winback, as the page shows it. */
export type WinbackStanding = 'eligible' | 'redeemed' | 'active' | 'notEligible';

/** The person's most recent access plan, as far as winback cares. */
export interface LatestPlan {
  statusCd: string;
  cancelledOn: Date | null;
  endDate: Date | null;
}

const DAY_MS = 86_400_000;

/** Statuses of a plan the person is still paying for or about to: nothing to win back. */
const PAYING_STATUSES = ['ACTV', 'SUSP', 'RTRY', 'PEND'];

/**
 * The winback audience of a person: Expired when the last plan has ended, Expiring (typed
 * EXPR_WIN) when it was cancelled and still runs and configuration invites them; else none.
 */
export function winbackAudienceOf(plan: LatestPlan | null, expiringInvited: boolean): WinbackAudience | null {
  if (!plan) return null;
  if (plan.statusCd === 'EXPD') return 'EXPD';
  if (plan.statusCd === 'EXPR' && expiringInvited) return 'EXPR_WIN';
  return null;
}

/** Whole days since the plan was cancelled (or, with no cancellation on record, since it ended); never negative. */
export function cancellationDaysOf(plan: LatestPlan, now: Date): number {
  const since = plan.cancelledOn ?? plan.endDate ?? now;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/** Whether an offer's window (days since the cancellation) covers this person's days. */
export const offerCoversDays = (window: { minDays: number; maxDays: number }, days: number): boolean =>
  days >= window.minDays && days <= window.maxDays;

/** The page's answer: an active plan first, then a redemption already made, then the audience. */
export function winbackStandingOf(facts: {
  plan: LatestPlan | null;
  audience: WinbackAudience | null;
  redeemed: boolean;
}): WinbackStanding {
  if (facts.plan && PAYING_STATUSES.includes(facts.plan.statusCd)) return 'active';
  if (facts.redeemed) return 'redeemed';
  return facts.audience ? 'eligible' : 'notEligible';
}

/** The checkout address of a winback offer: the purchase funnel in winback mode and flow. */
export const winbackCheckoutSearch = (skuId: number) => ({ skuid: skuId, mode: 'winback', flow: 'winback' }) as const;

/** Only rebate SKUs (type REBT) are winback offers. */
export const WINBACK_SKU_TYPE = 'REBT';
export const isWinbackSku = (skuTypeCd: string): boolean => skuTypeCd === WINBACK_SKU_TYPE;

/** The user types the skus call answers with winback offers. */
export const isWinbackAudience = (userType: string | undefined): userType is WinbackAudience =>
  userType === 'EXPD' || userType === 'EXPR_WIN';
