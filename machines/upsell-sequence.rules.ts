/**
 * Pure rules of the upsell sequence (spec §2 "Upsell" and "Flow", §3 feature-text sets and
 * post-payment properties, §4 offer states and the upsell purchase event, §9 upsell codes):
 * which add-ons follow a purchase and in what order, where each is shown, what its purchase
 * is reported as, and where the sequence ends.
 */
import type { DeviceType } from './startup-access.rules';
import { PURCHASE_EVENT, type PostPaymentProperties, type PurchaseEventName } from './order-confirmation.rules';
import type { PurchaseFlow } from './purchase-flow.rules';

export { flowOf } from './purchase-flow.rules';

/** The add-ons the sequence can offer, in the order it offers them. */
export const OFFER_ORDER = [
  'resumeReview',
  'boldPro',
  'socialCard',
  'coverLetter',
  'resumeWriting',
  'calm',
  'feedbackTool',
  'aiTool',
] as const;
export type OfferId = (typeof OFFER_ORDER)[number];

/** §4 offer states. */
export type OfferState = 'NotOffered' | 'Shown' | 'Taken' | 'Skipped';

/** The progress bar has four steps, so a sequence never offers more than four add-ons. */
export const PROGRESS_STEPS = 4;

/**
 * How long an offer is on screen before it can be added or skipped. Each offer's buttons sit where
 * the last one's were, and a charge can finish within a double click: without this pause the second
 * half of a double click on one offer's "Add" would buy the next offer too. Longer than the usual
 * double-click interval of desktop systems (500 ms).
 */
export const OFFER_SETTLE_MS = 600;

/** The product each add-on sells and its upsell code (§9). */
export const OFFER_PRODUCTS: Record<OfferId, { productId: string; upsellCode: string }> = {
  resumeReview: { productId: 'RSMRVW', upsellCode: 'DRR' },
  boldPro: { productId: 'BOLDPRO', upsellCode: 'PRO' },
  socialCard: { productId: 'SOCCARD', upsellCode: 'SCF' },
  coverLetter: { productId: 'CLWRIT', upsellCode: 'CLB' },
  resumeWriting: { productId: 'RSWRIT', upsellCode: 'RTR' },
  calm: { productId: 'CALM', upsellCode: 'CUF' },
  feedbackTool: { productId: 'FDBKTL', upsellCode: 'FTF' },
  aiTool: { productId: 'AIWRIT', upsellCode: 'ATF' },
};

/** The app paths (under the app's base) that show an offer; the app checks each is a page of its route table. */
export type OfferPagePath =
  | 'mobile/upsell/resume-review'
  | 'upsell/resume-review'
  | 'upsell/bold-pro'
  | 'upsell/social-card'
  | 'mobile/cover-letter-addon'
  | 'cover-letter-addon'
  | 'upsell/resume'
  | 'upsell/calm'
  | 'feedback-tool'
  | 'ai-tool';

/** The app path (under the app's base) that shows an offer; mobile has its own pages for two of them. */
export function offerPath(offer: OfferId, device: DeviceType): OfferPagePath {
  const mobile = device === 'Mobile';
  switch (offer) {
    case 'resumeReview':
      return mobile ? 'mobile/upsell/resume-review' : 'upsell/resume-review';
    case 'boldPro':
      return 'upsell/bold-pro';
    case 'socialCard':
      return 'upsell/social-card';
    case 'coverLetter':
      return mobile ? 'mobile/cover-letter-addon' : 'cover-letter-addon';
    case 'resumeWriting':
      return 'upsell/resume';
    case 'calm':
      return 'upsell/calm';
    case 'feedbackTool':
      return 'feedback-tool';
    case 'aiTool':
      return 'ai-tool';
  }
}

/** How the resume-review offer's main button behaves (remote configuration). */
export type ReviewCtaStrategy = 'skipPurchase' | 'purchaseReview';
export const DEFAULT_REVIEW_CTA: ReviewCtaStrategy = 'purchaseReview';

export const reviewCtaStrategyOf = (value: unknown): ReviewCtaStrategy =>
  value === 'skipPurchase' || value === 'purchaseReview' ? value : DEFAULT_REVIEW_CTA;

/** What the sequence is started with: the address and the surroundings of the purchase. */
export interface UpsellPurchase {
  /** The purchase's TransactionID (`orderid`); null when an offer is opened on its own: the latest plan order is used. */
  orderId: number | null;
  flow: PurchaseFlow;
  device: DeviceType;
  country: string;
  /** `doctype` of the purchase: LETR for the cover-letter builder. */
  docType: string | null;
  /** Identifies this run of the sequence: the add-on charges' idempotency keys are made from it. */
  sequenceId: string;
  /** Set when one offer was asked for on its own (a link from elsewhere): only that offer is shown. */
  only: OfferId | null;
}

/** The paid order the add-ons follow, as the server knows it. */
export interface PurchasedOrder {
  orderId: number;
  skuId: number;
  productId: string;
  skuTypeCD: string;
  /** The plan's tier (limitedAccess, fullAccess, annualAccess); null when unknown. */
  planTier: string | null;
  /** The last four digits of the card the order was paid with (one-click add-ons are charged to it); null when not a card or unknown. */
  lastFour?: string | null;
}

/** An add-on on sale in the person's market. */
export interface OfferSku {
  offer: OfferId;
  skuId: number;
  label: string;
  price: number;
  formattedPrice: string;
  currencyCD: string;
  skuTypeCD: string;
}

/** What the sequence loads before it shows anything. */
export interface SequenceData {
  /** The order the add-ons follow; null when the person has no paid plan order. */
  order: PurchasedOrder | null;
  /** The add-ons on sale for this purchase, from `skus/{id}/upsell` and the catalogue. */
  available: OfferSku[];
  /** Products the person already owns (their product ids). */
  ownedProducts: string[];
  reviewCta: ReviewCtaStrategy;
  /** The feature-text experiment's variation, when the person is in it. */
  featureTextVariant: number | null;
}

export type OfferDecision = { offer: OfferId; state: Extract<OfferState, 'Taken' | 'Skipped'> };

/** Access plans are followed by every add-on; an add-on bought alone is followed by none. */
export const isAccessPlanProduct = (productId: string): boolean => productId.toUpperCase() === 'RSMBLD';

/** The offer an add-on SKU stands for, from its product id. */
export function offerOfProduct(productId: string): OfferId | null {
  const product = productId.toUpperCase();
  return OFFER_ORDER.find((offer) => OFFER_PRODUCTS[offer].productId === product) ?? null;
}

/**
 * The friend feedback tool is part of the full and annual plans (§2 sell page: the limited plan
 * excludes it), so it is offered only after a limited plan, or a plan whose tier is not known.
 */
export const includedInPlan = (offer: OfferId, planTier: string | null): boolean =>
  offer === 'feedbackTool' && planTier !== null && planTier !== 'limitedAccess';

/**
 * The offers of this sequence, in order: the add-ons on sale after this purchase, none the person
 * already owns or already answered in this sequence, at most four. Services that lead to their
 * own page (resume writing) are offered only on desktop.
 */
export function orderOffers(
  purchase: Pick<UpsellPurchase, 'device' | 'only'>,
  data: Pick<SequenceData, 'order' | 'available' | 'ownedProducts'>,
  decided: readonly OfferDecision[],
): OfferSku[] {
  if (!data.order || !isAccessPlanProduct(data.order.productId)) return [];
  const owned = new Set(data.ownedProducts.map((p) => p.toUpperCase()));
  const answered = new Set(decided.map((d) => d.offer));
  const byOffer = new Map(data.available.map((sku) => [sku.offer, sku]));
  // The sequence's four places are chosen as when it started: an offer answered earlier (taken,
  // so now owned, or skipped) keeps its place, so a reload never brings in a fifth offer.
  return OFFER_ORDER.filter((offer) => byOffer.has(offer) && (purchase.only === null || purchase.only === offer))
    .filter((offer) => answered.has(offer) || !owned.has(OFFER_PRODUCTS[offer].productId))
    .filter((offer) => offer !== 'resumeWriting' || purchase.device !== 'Mobile')
    .filter((offer) => !includedInPlan(offer, data.order!.planTier))
    .slice(0, PROGRESS_STEPS)
    .filter((offer) => !answered.has(offer))
    .map((offer) => byOffer.get(offer)!);
}

/** Where the person stands on the four-step bar: the offer's position, counting those already answered. */
export function progressStep(index: number, answeredBefore: number): number {
  return Math.min(PROGRESS_STEPS - 1, Math.max(0, answeredBefore + index));
}

/** One add-on charge per offer and sequence: a double click, a reload or the back button repeat the same key. */
export function chargeKey(sequenceId: string, offer: OfferId): string {
  const index = OFFER_ORDER.indexOf(offer);
  // A UUID whose last group names the offer: same sequence and offer, same key.
  return `${sequenceId.slice(0, 24)}${(index + 1).toString(16).padStart(12, '0')}`;
}

/** §4: the upsell purchase is reported by flow first, then by the purchase's SKU type. */
export function upsellEventName(flow: PurchaseFlow, skuTypeCD: string): PurchaseEventName {
  if (flow === 'save') return PURCHASE_EVENT.saveOffer;
  if (flow === 'winback') return PURCHASE_EVENT.winback;
  const type = skuTypeCD.trim().toUpperCase();
  if (type === 'DISC') return PURCHASE_EVENT.saveOffer;
  if (type === 'REBT') return PURCHASE_EVENT.winback;
  return PURCHASE_EVENT.initial;
}

/** §3 feature-text sets for the profile-website offer, by variant 3 to 8; other variants get the default set. */
const BASE_FEATURE_TEXTS = [
  'unlockResumeWebsite',
  'publishResumeOnline',
  'trackNumberOfVisitors',
  'selectTimeForHiringManagers',
  'oneTime_Offer',
] as const;
export type FeatureTextKey = (typeof BASE_FEATURE_TEXTS)[number] | 'joinFastestGrowingNetwork';

/** Whether "skip for now" leads and "add" follows: the resume review under the skip-purchase CTA strategy. */
export const skipLeads = (offer: OfferId | null, strategy: ReviewCtaStrategy): boolean =>
  offer === 'resumeReview' && strategy === 'skipPurchase';

/** The step of the four-step bar the person is on: the offers answered before this page, then those answered on it. */
export const progressStepOf = (answeredBefore: number, index: number): number =>
  Math.min(PROGRESS_STEPS - 1, answeredBefore + index);

/** The feature list an offer shows: only the profile website has one, by its feature-text variant. */
export const offerFeatureTexts = (offer: OfferId | null, variant: number | null): FeatureTextKey[] =>
  offer === 'boldPro' ? featureTexts(variant) : [];

export function featureTexts(variant: number | null): FeatureTextKey[] {
  if (variant === null || !Number.isInteger(variant) || variant < 3 || variant > 8)
    return [...BASE_FEATURE_TEXTS.slice(0, 3)];
  return variant >= 7 ? [...BASE_FEATURE_TEXTS, 'joinFastestGrowingNetwork'] : [...BASE_FEATURE_TEXTS];
}

/** The upsell purchase's post-payment properties (§3), with the add-on's transaction and upsell code. */
export type UpsellPurchaseProps = PostPaymentProperties & {
  mixPanelSkuId: number;
  TransactionID: number;
  upsellCode: string;
};

export interface AddOnCharge {
  status: 'SUCC' | 'FAIL';
  transactionId: number | null;
  paymentMethod: string;
  cardType: string | null;
  failureCode: string | null;
}

/** What the person is told once an add-on is paid: which add-on, how much, on what. */
export interface AddedAddOn {
  offer: OfferId;
  amount: number;
  currencyCD: string;
  paymentMethod: string;
  cardType: string | null;
  /** Known for a one-click charge (the order's card); another card entered in the frame gives only its brand. */
  lastFour: string | null;
}

/** The add-on just paid, as the person is told: one click charges the order's own card, the frame another one. */
export function addedAddOnOf(
  sku: OfferSku,
  charge: AddOnCharge,
  order: Pick<PurchasedOrder, 'lastFour'> | null,
  via: 'oneClick' | 'frame',
): AddedAddOn {
  const card = charge.paymentMethod === 'CRCD';
  return {
    offer: sku.offer,
    amount: sku.price,
    currencyCD: sku.currencyCD,
    paymentMethod: charge.paymentMethod,
    cardType: card ? charge.cardType : null,
    lastFour: card && via === 'oneClick' ? (order?.lastFour ?? null) : null,
  };
}

export function upsellPurchaseProps(
  sku: OfferSku,
  charge: AddOnCharge,
  purchase: Pick<UpsellPurchase, 'docType'>,
): UpsellPurchaseProps {
  return {
    offering: sku.label,
    price: sku.price,
    mixPanelSkuId: sku.skuId,
    skuLabel: sku.label,
    currency: sku.currencyCD,
    builderType: (purchase.docType ?? '').split(',')[0]!.trim().toUpperCase() === 'LETR' ? 'coverLetter' : 'resume',
    paymentMethod: charge.paymentMethod,
    creditCardType: charge.paymentMethod === 'CRCD' ? charge.cardType : null,
    LastCancellationRCStage: null,
    DaysSinceCancellation: null,
    TransactionID: charge.transactionId ?? 0,
    upsellCode: OFFER_PRODUCTS[sku.offer].upsellCode,
  };
}
