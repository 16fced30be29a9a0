/**
 * Rules of my settings (spec §2 "Other screens"; §6: manage views are for active plans only).
 * Pure: the machine's guards and the page call them.
 */

/** What my settings shows of the current plan; the API's subscription carries these and more. */
export interface SettingsPlan {
  SkuLabel: string;
  /** The plan's kind ('Trial', 'Monthly', …), when known: the cancellation reminder speaks of a trial or a paid period. */
  PlanKind?: string;
  StatusCD: string;
  UnitPrice: number;
  CurrencyCD: string;
  NextBillingDate: string | null;
  EndDate: string;
  /** A save offer's discount on the next renewal, and what that renewal then costs. */
  RenewalDiscountPercent: number | null;
  NextRenewalPrice: number;
  /** A pause from the end of the paid period, and the day billing resumes. */
  PausedFrom: string | null;
  ResumesOn: string | null;
}

/** The plan statuses with a name of their own; any other reads as the base status. */
export const NAMED_PLAN_STATUSES = ['ACTV', 'EXPR', 'EXPD', 'SUSP', 'PEND', 'RTRY', 'BASE'] as const;
export type NamedPlanStatus = (typeof NAMED_PLAN_STATUSES)[number];

export const planStatusName = (statusCd: string): NamedPlanStatus =>
  (NAMED_PLAN_STATUSES as readonly string[]).includes(statusCd) ? (statusCd as NamedPlanStatus) : 'BASE';

/** Only an active plan can be cancelled from here. */
export const offersCancellation = (plan: Pick<SettingsPlan, 'StatusCD'> | null): boolean => plan?.StatusCD === 'ACTV';

/** The date that matters: the next bill while the plan renews, else the day access ends. */
export const planDateOf = (plan: Pick<SettingsPlan, 'NextBillingDate' | 'EndDate'>): { kind: 'nextBilling' | 'accessUntil'; date: string } =>
  plan.NextBillingDate ? { kind: 'nextBilling', date: plan.NextBillingDate } : { kind: 'accessUntil', date: plan.EndDate };

/** The discounted renewal a save offer gave, while the plan still renews. */
export const renewalDiscountOf = (plan: Pick<SettingsPlan, 'StatusCD' | 'RenewalDiscountPercent' | 'NextRenewalPrice'>): { percent: number; price: number } | null =>
  plan.StatusCD === 'ACTV' && plan.RenewalDiscountPercent ? { percent: plan.RenewalDiscountPercent, price: plan.NextRenewalPrice } : null;

/** A pause that is booked or running: from when, and the day billing resumes. */
export const pauseOf = (plan: Pick<SettingsPlan, 'PausedFrom' | 'ResumesOn'>): { from: string; resumes: string } | null =>
  plan.PausedFrom && plan.ResumesOn ? { from: plan.PausedFrom, resumes: plan.ResumesOn } : null;
