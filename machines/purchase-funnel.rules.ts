import { isServiceProduct } from './service-products.rules';

/**
 * Rules of the purchase funnel (spec §2 "Flow", "Sell page"; §4 plan tiers, "Other
 * behaviours"; §9 delayed-processing threshold). Pure: the machine's guards call them.
 */

/** The four steps of the funnel, as the breadcrumb and the analytics name them. */
export const FUNNEL_STEPS = { buildCv: 0, chooseAccess: 1, paymentDetails: 2, finished: 3 } as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[keyof typeof FUNNEL_STEPS];

export type PlanTier = 'limitedAccess' | 'fullAccess' | 'annualAccess';
export type PaymentMethodCode = 'CRCD' | 'PYPL' | 'DUPI';

/** What the funnel needs to know about a SKU; the API's SKU carries these and more. */
export interface PlanSku {
  SkuID: number;
  ProductID: string;
  PlanTier: PlanTier | null;
}

export interface FunnelOffer<TSku extends PlanSku = PlanSku> {
  skus: TSku[];
  /** The services (review, tune-up, writing) that checkout also sells when the address names one; never on the sell page's plan list. */
  services?: TSku[];
  /** A visitor who is not signed in may look at the plans, but signs in before paying. */
  signedIn: boolean;
  paymentMethods: PaymentMethodCode[];
  alreadySubscribed: boolean;
  /** The plan left in the cart at an earlier checkout, if any. */
  savedCartSkuId: number | null;
  commonPostPaymentUrl: boolean;
  coverLetterDoctype: boolean;
  /** How long processing may take before it is logged as slow (§9: 60 s unless configured). */
  processingLogThresholdMs: number;
  /** How long processing may take before the delayed-processing notice shows (DELAYED_NOTICE_MS unless configured). */
  delayedNoticeMs: number;
}

export interface JobLookup {
  IsEligible: boolean;
  IsJobExpired: boolean;
  applyURL: string | null;
}

/** When the "taking longer than usual" notice appears during a card payment. */
export const DELAYED_NOTICE_MS = 3_000;

export const isOfferedPlan = (skus: readonly PlanSku[], skuId: number | null | undefined): boolean =>
  skuId !== null && skuId !== undefined && skus.some((s) => s.SkuID === skuId);

/** A SKU checkout may charge: a plan of the sell page, or one of the services. */
export const isBuyableAtCheckout = (
  offer: Pick<FunnelOffer, 'skus' | 'services'>,
  skuId: number | null | undefined,
): boolean => isOfferedPlan(offer.skus, skuId) || isOfferedPlan(offer.services ?? [], skuId);

/** The SKU of a plan or service the offer holds. */
export const buyableSku = <TSku extends PlanSku>(
  offer: Pick<FunnelOffer<TSku>, 'skus' | 'services'>,
  skuId: number | null | undefined,
): TSku | undefined => offer.skus.find((s) => s.SkuID === skuId) ?? offer.services?.find((s) => s.SkuID === skuId);

/**
 * Someone who already has a plan is told so instead of buying another; a service named at
 * checkout is not a plan, so it stays buyable for them.
 */
export const blocksAsAlreadySubscribed = (
  offer: Pick<FunnelOffer, 'alreadySubscribed' | 'services'>,
  entry: string,
  requestedSkuId: number | null,
): boolean => offer.alreadySubscribed && !(entry === 'checkout' && isOfferedPlan(offer.services ?? [], requestedSkuId));

/** The services among a market's SKUs: what checkout sells besides the plans. */
export const serviceSkus = <TSku extends PlanSku>(skus: readonly TSku[]): TSku[] =>
  skus.filter((sku) => !isAccessPlan(sku) && isServiceProduct(sku.ProductID));

/** The plan preselected on the sell page: the one the catalogue marks, else the most popular, else the first. */
export function preselectedPlan(
  skus: readonly (PlanSku & { IsSelected?: boolean; IsMostPopular?: boolean })[],
): number | null {
  return (skus.find((s) => s.IsSelected) ?? skus.find((s) => s.IsMostPopular) ?? skus[0])?.SkuID ?? null;
}

export const isOfferedMethod = (methods: readonly PaymentMethodCode[], method: string): method is PaymentMethodCode =>
  (methods as readonly string[]).includes(method);

/** PayPal shows its own progress, so the delayed-processing notice is hidden for it. */
export const showsDelayedNotice = (method: PaymentMethodCode): boolean => method !== 'PYPL';

/** A job-apply flow continues with the job only when the lookup found it open; a failed lookup counts as expired. */
export const isJobStillOpen = (lookup: JobLookup | null): boolean =>
  lookup !== null && lookup.IsEligible && !lookup.IsJobExpired;

/** The job's apply URL, with https added when the address has no scheme. */
export function applyUrlOf(lookup: JobLookup | null): string | null {
  const url = lookup?.applyURL?.trim();
  if (!url) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`;
}

/** A plan of the sell page: a SKU with a plan tier. */
export const isAccessPlan = (sku: PlanSku | undefined): boolean => Boolean(sku?.PlanTier);

/** Payment failures that have a message of their own; any other code reads as a general failure. */
export const EXPLAINED_FAILURE_CODES = [
  'card_declined',
  'already_subscribed',
  'network_error',
  'server_error',
  'not_signed_in',
  'apm_cancelled',
  'apm_failed',
] as const;
export type ExplainedFailure = (typeof EXPLAINED_FAILURE_CODES)[number] | 'other';

export const explainedFailureOf = (code: string): ExplainedFailure =>
  (EXPLAINED_FAILURE_CODES as readonly string[]).includes(code) ? (code as ExplainedFailure) : 'other';

/** The sell page and checkout offer access plans only: the SKUs with a plan tier. */
export const sellablePlans = <TSku extends PlanSku>(skus: readonly TSku[]): TSku[] =>
  skus.filter((sku) => isAccessPlan(sku));

/** A suspended account (user type SUSP) sees the fixed auto-renewal text at checkout. */
export const isSuspendedAccount = (userType: string | null | undefined): boolean =>
  userType?.trim().toUpperCase() === 'SUSP';

/** After paying, the dashboard opens the cover-letter builder when configuration asks for it (CLFL) and the visit came from a cover letter (doctype LETR). */
export const opensCoverLetterAfterPayment = (coverLetterFlagOn: boolean, doctype: string | null | undefined): boolean =>
  coverLetterFlagOn && doctype?.trim().toUpperCase() === 'LETR';

/** The abandoned-cart reminder shows while a visit that came back for the cart still has the plan left there chosen. */
export const showsCartReminder = (funnel: {
  entry: string;
  selectedSkuId: number | null;
  offer: Pick<FunnelOffer, 'savedCartSkuId'> | null;
}): boolean =>
  funnel.entry === 'abandonCart' &&
  funnel.selectedSkuId !== null &&
  funnel.selectedSkuId === funnel.offer?.savedCartSkuId;
