/**
 * Small rules of the sell-page blocks that have no module of their own: the funnel
 * breadcrumb (§2 "Flow"), the money-back days (§9), the payment marks by country, the
 * efficacy and app-blade config Data, and the plural form of a count.
 */
import { safeHref } from './disclaimers';

// ---------------------------------------------------------------------------------------
// Breadcrumb: Build CV 0, Choose Access 1, Payment Details 2, Finished 3.

export const FUNNEL_STEPS = ['buildCv', 'chooseAccess', 'paymentDetails', 'finished'] as const;
export type StepState = 'complete' | 'current' | 'upcoming';

/** A step index within 0..3; anything else is the sell page's own step, Choose Access. */
export function funnelStepIndex(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < FUNNEL_STEPS.length ? value : 1;
}

/**
 * The steps the breadcrumb shows: a returning member (a winback checkout) built their resume long
 * ago, so "Build resume" is not shown as a step just done; their first step is choosing the offer.
 */
export function funnelStepsShown(returning: boolean): { step: (typeof FUNNEL_STEPS)[number]; index: number }[] {
  return FUNNEL_STEPS.map((step, index) => ({ step, index })).filter(({ step }) => !(returning && step === 'buildCv'));
}

export function stepState(step: number, current: number): StepState {
  const at = funnelStepIndex(current);
  return step < at ? 'complete' : step === at ? 'current' : 'upcoming';
}

// ---------------------------------------------------------------------------------------
// Money-back guarantee: Data.days, 14 by default.

export const DEFAULT_MONEY_BACK_DAYS = 14;

export function moneyBackDays(data: unknown): number {
  const raw = typeof data === 'object' && data !== null ? (data as { days?: unknown }).days : undefined;
  const days = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 && days <= 365 ? days : DEFAULT_MONEY_BACK_DAYS;
}

// ---------------------------------------------------------------------------------------
// Payment marks: cards everywhere; PayPal except in India; UPI only in India. Config may
// switch PayPal or UPI on or off (the Checkout paypal and upi features).

export const PAYMENT_MARKS = ['visa', 'mastercard', 'amex', 'discover', 'rupay', 'paypal', 'upi'] as const;
export type PaymentMark = (typeof PAYMENT_MARKS)[number];

/** Brand names are not translated. */
export const PAYMENT_MARK_NAMES: Readonly<Record<PaymentMark, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  rupay: 'RuPay',
  paypal: 'PayPal',
  upi: 'UPI',
};

export interface PaymentMarkOptions {
  paypal?: boolean;
  upi?: boolean;
}

export function paymentMarks(country: string | null | undefined, options: PaymentMarkOptions = {}): PaymentMark[] {
  const code = country?.trim().toUpperCase() ?? '';
  const india = code === 'IN';
  const cards: PaymentMark[] = india
    ? ['visa', 'mastercard', 'rupay']
    : code === 'US'
      ? ['visa', 'mastercard', 'amex', 'discover']
      : ['visa', 'mastercard', 'amex'];
  const marks = [...cards];
  if (options.paypal ?? !india) marks.push('paypal');
  if (options.upi ?? india) marks.push('upi');
  return marks;
}

// ---------------------------------------------------------------------------------------
// Efficacy banner: an optional share of users from config ({ percent: 1..100 }). Without a
// configured figure the banner makes no numeric claim.

export function efficacyPercent(data: unknown): number | null {
  const raw = typeof data === 'object' && data !== null ? (data as { percent?: unknown }).percent : undefined;
  const percent = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof percent === 'number' && Number.isFinite(percent) && percent >= 1 && percent <= 100
    ? Math.round(percent)
    : null;
}

// ---------------------------------------------------------------------------------------
// App blade: store links from config ({ iosUrl, androidUrl }), only http(s).

export interface AppLinks {
  ios: string | null;
  android: string | null;
}

const webLink = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const href = safeHref(value);
  return href && /^https?:\/\//i.test(href) ? href : null;
};

export function appLinks(data: unknown): AppLinks {
  const d = typeof data === 'object' && data !== null ? (data as { iosUrl?: unknown; androidUrl?: unknown }) : {};
  return { ios: webLink(d.iosUrl), android: webLink(d.androidUrl) };
}

// ---------------------------------------------------------------------------------------
// Plurals: keys end in .one or .other. Languages with a third form for large round numbers
// (French and Spanish "many", as in a million) use the other form, which reads right there.

export type CountForm = 'one' | 'other';

export function countForm(culture: string, count: number): CountForm {
  try {
    return new Intl.PluralRules(culture).select(count) === 'one' ? 'one' : 'other';
  } catch {
    return count === 1 ? 'one' : 'other';
  }
}
