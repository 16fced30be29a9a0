/**
 * Rules of my settings (spec §2 "Other screens"; §6: manage views are for active plans only).
 * Pure: the machine's guards and the page call them.
 */

/** What my settings shows of the current plan; the API's subscription carries these and more. */
export interface SettingsPlan {
  /** The plan's SKU: the card frame is opened for it. */
  SkuID: number;
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
  /** The latest save offer the plan took instead of being cancelled, and when. */
  SaveOffer?: { OfferID: 'halfOffNextRenewal' | 'freeMonth'; RedeemedAt: string } | null;
}

/** The payment method on file as my settings shows it: the brand and last four of a card, or another method's code. */
export interface SettingsPaymentMethod {
  PaymentMethodCD: string;
  CardType: string | null;
  LastFourDigits: string | null;
}

/** What my settings loads: the current plan (null when none) and the payment method on file (null when none). */
export interface SettingsAccount {
  plan: SettingsPlan | null;
  paymentMethod: SettingsPaymentMethod | null;
}

/**
 * The ways on from my settings, in the order they are listed: cancel, pause or resume (the
 * manage-subscription page), change the payment method, billing history, reactivate.
 */
export const ACCOUNT_ENTRIES = [
  'cancel',
  'pause',
  'resume',
  'changePaymentMethod',
  'billingHistory',
  'reactivate',
] as const;
export type AccountEntry = (typeof ACCOUNT_ENTRIES)[number];

/** A plan whose renewal failed: suspended, or its renewal being retried. Its card needs fixing. */
export const hasBillingProblem = (plan: Pick<SettingsPlan, 'StatusCD'> | null): boolean =>
  plan?.StatusCD === 'SUSP' || plan?.StatusCD === 'RTRY';

/** A plan that still renews: it has a next bill. */
const renews = (plan: Pick<SettingsPlan, 'NextBillingDate'>): boolean =>
  plan.NextBillingDate !== null && plan.NextBillingDate.trim() !== '';

/** Which of the ways on this account allows (spec §2 "Other screens", §6: manage views for active plans only). */
export function allowedEntries(account: SettingsAccount): AccountEntry[] {
  const { plan } = account;
  const allowed = new Set<AccountEntry>(['billingHistory']);
  if (plan && offersCancellation(plan)) {
    allowed.add('cancel');
    const pause = pauseOf(plan);
    if (pause) allowed.add('resume');
    else if (renews(plan)) allowed.add('pause');
  }
  // A card is changed for a plan that will charge it again: an active one that renews, or one whose renewal failed.
  if (plan && (hasBillingProblem(plan) || (plan.StatusCD === 'ACTV' && renews(plan))))
    allowed.add('changePaymentMethod');
  // Expiring: cancelled, with access until the period ends; it can be taken up again.
  if (plan?.StatusCD === 'EXPR') allowed.add('reactivate');
  return ACCOUNT_ENTRIES.filter((entry) => allowed.has(entry));
}

/** The plan statuses with a name of their own; any other reads as the base status. */
export const NAMED_PLAN_STATUSES = ['ACTV', 'EXPR', 'EXPD', 'SUSP', 'PEND', 'RTRY', 'BASE'] as const;
export type NamedPlanStatus = (typeof NAMED_PLAN_STATUSES)[number];

export const planStatusName = (statusCd: string): NamedPlanStatus =>
  (NAMED_PLAN_STATUSES as readonly string[]).includes(statusCd) ? (statusCd as NamedPlanStatus) : 'BASE';

/** Only an active plan can be cancelled from here. */
export const offersCancellation = (plan: Pick<SettingsPlan, 'StatusCD'> | null): boolean => plan?.StatusCD === 'ACTV';

/** The date that matters: the next bill while the plan renews, else the day access ends. */
export const planDateOf = (
  plan: Pick<SettingsPlan, 'NextBillingDate' | 'EndDate'>,
): { kind: 'nextBilling' | 'accessUntil'; date: string } =>
  plan.NextBillingDate
    ? { kind: 'nextBilling', date: plan.NextBillingDate }
    : { kind: 'accessUntil', date: plan.EndDate };

/** The discounted renewal a save offer gave, while the plan still renews. */
export const renewalDiscountOf = (
  plan: Pick<SettingsPlan, 'StatusCD' | 'RenewalDiscountPercent' | 'NextRenewalPrice'>,
): { percent: number; price: number } | null =>
  plan.StatusCD === 'ACTV' && plan.RenewalDiscountPercent
    ? { percent: plan.RenewalDiscountPercent, price: plan.NextRenewalPrice }
    : null;

/** The save offer a plan that still runs took instead of being cancelled (the discount itself shows with the next renewal). */
export const saveOfferOf = (
  plan: Pick<SettingsPlan, 'StatusCD' | 'SaveOffer'>,
): { offer: 'halfOffNextRenewal' | 'freeMonth'; takenOn: string } | null =>
  plan.StatusCD === 'ACTV' && plan.SaveOffer
    ? { offer: plan.SaveOffer.OfferID, takenOn: plan.SaveOffer.RedeemedAt }
    : null;

/** A pause that is booked or running: from when, and the day billing resumes. */
export const pauseOf = (
  plan: Pick<SettingsPlan, 'PausedFrom' | 'ResumesOn'>,
): { from: string; resumes: string } | null =>
  plan.PausedFrom && plan.ResumesOn ? { from: plan.PausedFrom, resumes: plan.ResumesOn } : null;

/** The payment-method codes (spec §9) my settings names; any other is shown as another method. */
export const NAMED_PAYMENT_METHODS = ['CRCD', 'PYPL', 'DUPI', 'TRST', 'SFRT', 'IDEL', 'DPTM', 'BACS', 'DPIX'] as const;
export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'] as const;

export type PaymentMethodShown =
  | { kind: 'card'; brand: (typeof CARD_BRANDS)[number] | null; lastFour: string }
  | { kind: 'method'; code: (typeof NAMED_PAYMENT_METHODS)[number] | null };

/** How the method on file reads: a card by its brand and last four, another method by its name; null when none is on file. */
export function paymentMethodShown(method: SettingsPaymentMethod | null): PaymentMethodShown | null {
  if (!method) return null;
  if (method.PaymentMethodCD === 'CRCD' && method.LastFourDigits && /^\d{4}$/.test(method.LastFourDigits)) {
    const brand = (CARD_BRANDS as readonly string[]).includes(method.CardType ?? '')
      ? (method.CardType as (typeof CARD_BRANDS)[number])
      : null;
    return { kind: 'card', brand, lastFour: method.LastFourDigits };
  }
  const code = (NAMED_PAYMENT_METHODS as readonly string[]).includes(method.PaymentMethodCD)
    ? (method.PaymentMethodCD as (typeof NAMED_PAYMENT_METHODS)[number])
    : null;
  return { kind: 'method', code };
}
