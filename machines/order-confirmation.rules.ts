/**
 * Pure order-confirmation rules (spec §2 "Order confirmation", §3 "Order details" and
 * "Post-payment properties", §4 "Upsell purchase event name" and the affiliate messages of
 * "Other behaviours", §7 "Events and logging").
 */
import type { DeviceType } from './startup-access.rules';
import { flowOf, SAVE_FLOW, WINBACK, type PurchaseFlow } from './purchase-flow.rules';

/** What the address bar and the page's surroundings say about this confirmation. */
export interface ConfirmationRequest {
  /** `orderid`: the payment's TransactionID. */
  orderId: number | null;
  /** `skuid`: the SKU that was bought. */
  skuId: number | null;
  /** `flow`, lower-cased: save, winback, ... */
  flow: string | null;
  /** `mode`, lower-cased: winback marks a winback purchase too. */
  mode: string | null;
  /** The route's page code: OrderPage, MobileOrderPage or SaveOfferOrderPage. */
  pageCode: string;
  device: DeviceType;
  /** `showLegacyOrderConfirmation=true`. */
  legacyForced: boolean;
  /** `isFeedBackTool=true`: after the confirmation go straight to the dashboard. */
  dashboardForced: boolean;
  /** `purchaseft` present: the purchase started a free trial. */
  freeTrial: boolean;
  /** The page runs inside another site's frame (window.parent !== window). */
  inAffiliateFrame: boolean;
  /** `doctype`: LETR means the cover-letter builder. */
  docType: string | null;
  /** Iterable's campaign and template cookies, when the visitor came from one of its e-mails. */
  attribution: { campaignId: string | null; templateId: string | null };
}

/** The last cancellation before this purchase, for the winback properties. */
export interface LastCancellation {
  /** Where that subscription stood when this order was placed (EXPR still in access, EXPD expired). */
  stage: string;
  daysSince: number;
}

/** The order as the confirmation shows and reports it (from the transaction and its SKU). */
export interface ConfirmedOrder {
  orderId: number;
  skuId: number | null;
  transactionType: string;
  statusCD: string;
  productId: string;
  skuLabel: string;
  skuTypeCD: string;
  /** The plan's short title (Full Access, Monthly, ...). */
  offering: string;
  /** The access plan's tier (limitedAccess, fullAccess, annualAccess); null for a service or when the SKU is unknown. */
  planTier: string | null;
  /** The upsell code of an add-on bought in the upsell sequence (DRR, SCF, ...); null for a purchase of its own. */
  upsellCode: string | null;
  /** When the order was placed (ISO), for the purchase summary. */
  purchasedAt: string;
  price: number;
  currencyCD: string;
  paymentMethod: string;
  cardType: string | null;
  lastCancellation: LastCancellation | null;
  /** The data-layer event name from configuration, when the server offers one. */
  dataLayerEventName: string | null;
  /** A one-way hash of the e-mail address: the data layer never carries the address itself. */
  emailId: string;
}

export type ConfirmationFailure = 'notFound' | 'unavailable';

/**
 * The layouts: the legacy receipt, the save flow, the purchase summary (purchase confirmation),
 * the big-interview confirmation, and the new-purchase page (mobile or standard).
 */
export type ConfirmationVariant = 'legacy' | 'saveFlow' | 'purchase' | 'bigInterview' | 'mobile' | 'standard';

/** The purchase confirmation (desktop and mobile paths) sums up what was bought. */
export const PURCHASE_CONFIRMATION_PAGE_CODE = 'PurchaseConfirmation';
/** The big-interview order confirmation leads on to the big-interview offers. */
export const BIG_INTERVIEW_PAGE_CODE = 'BigInterviewOrderConfirmation';

export const isPurchaseConfirmation = (request: Pick<ConfirmationRequest, 'pageCode'>): boolean =>
  request.pageCode === PURCHASE_CONFIRMATION_PAGE_CODE;
export const isBigInterviewConfirmation = (request: Pick<ConfirmationRequest, 'pageCode'>): boolean =>
  request.pageCode === BIG_INTERVIEW_PAGE_CODE;

/** isFeedBackTool=true forces the dashboard as the only way on: no continue is offered. */
export const offersContinue = (request: Pick<ConfirmationRequest, 'dashboardForced'>): boolean =>
  !request.dashboardForced;

/**
 * The order detail pages (`confirmation`, `confirmation/detail`: the common post-payment URL)
 * show the order as a receipt whose way on is the dashboard, like the legacy confirmation.
 */
export const ORDER_DETAIL_PAGE_CODES = ['Confirmation', 'ConfirmationDetails'] as const;
export const isOrderDetailPage = (pageCode: string): boolean =>
  (ORDER_DETAIL_PAGE_CODES as readonly string[]).includes(pageCode);

export const SAVE_OFFER_PAGE_CODE = 'SaveOfferOrderPage';

export const hasOrderId = (request: Pick<ConfirmationRequest, 'orderId'>): boolean =>
  request.orderId !== null && Number.isSafeInteger(request.orderId) && request.orderId > 0;

/** Only a sale that did not fail is confirmed; a refund or a failed charge is nothing to celebrate. */
export const isConfirmableOrder = (order: Pick<ConfirmedOrder, 'transactionType' | 'statusCD'>): boolean =>
  order.transactionType === 'SALE' && order.statusCD !== 'FAIL';

export const isLegacyForced = (request: Pick<ConfirmationRequest, 'legacyForced'>): boolean => request.legacyForced;

/** The flow of the purchase confirmed here, as the steps after it are told: the save-offer path counts as the save flow. */
export const purchaseFlowOf = (request: Pick<ConfirmationRequest, 'flow' | 'mode' | 'pageCode'>): PurchaseFlow =>
  isSaveFlow(request) ? 'save' : flowOf(request.flow, request.mode);

/** flow=save, or the save-offer confirmation path. */
export const isSaveFlow = (request: Pick<ConfirmationRequest, 'flow' | 'pageCode'>): boolean =>
  request.flow === SAVE_FLOW || request.pageCode === SAVE_OFFER_PAGE_CODE;

export const isMobileDevice = (request: Pick<ConfirmationRequest, 'device'>): boolean => request.device === 'Mobile';

/** The layout, by precedence: legacy forced, save flow, the big-interview page, the purchase confirmation, mobile device, standard. */
export function confirmationVariant(
  request: Pick<ConfirmationRequest, 'legacyForced' | 'flow' | 'pageCode' | 'device'>,
): ConfirmationVariant {
  if (isLegacyForced(request)) return 'legacy';
  if (isSaveFlow(request)) return 'saveFlow';
  if (isBigInterviewConfirmation(request)) return 'bigInterview';
  if (isPurchaseConfirmation(request)) return 'purchase';
  if (isMobileDevice(request)) return 'mobile';
  return 'standard';
}

/** Only a new purchase is welcomed: the save flow keeps a plan and the legacy page has no modal. */
export const offersWelcome = (variant: ConfirmationVariant): boolean => variant === 'standard' || variant === 'mobile';

/** The product id the access plans (the sell page's plans) are sold under. */
export const ACCESS_PLAN_PRODUCT = 'RSMBLD';

/**
 * Which welcome a purchase gets, by what was bought: a full plan (full or annual tier), the
 * limited plan (one resume), a plan whose tier is unknown (a welcome that promises no amount),
 * or a one-off service. An add-on bought in the upsell sequence gets none: the person was
 * welcomed on the plan's own confirmation.
 */
export type WelcomeKind = 'fullPlan' | 'limitedPlan' | 'plan' | 'service';

export function welcomeKindOf(
  order: Pick<ConfirmedOrder, 'productId' | 'planTier' | 'upsellCode'>,
): WelcomeKind | null {
  if (order.upsellCode !== null && order.upsellCode.trim() !== '') return null;
  if (order.planTier === 'limitedAccess') return 'limitedPlan';
  if (order.planTier === 'fullAccess' || order.planTier === 'annualAccess') return 'fullPlan';
  return order.productId.toUpperCase() === ACCESS_PLAN_PRODUCT ? 'plan' : 'service';
}

/** The welcome opens once per order: not for an order welcomed before (a reload), nor for a purchase that gets none. */
export const isWelcomeDue = (
  order: Pick<ConfirmedOrder, 'orderId' | 'productId' | 'planTier' | 'upsellCode'>,
  welcomedOrderIds: readonly number[],
): boolean => welcomeKindOf(order) !== null && !welcomedOrderIds.includes(order.orderId);

export const isAffiliateFlow = (request: Pick<ConfirmationRequest, 'inAffiliateFrame'>): boolean =>
  request.inAffiliateFrame;

/** The purchase is reported once per order, however often its confirmation is shown. */
export const isFirstShowOfOrder = (orderId: number, trackedOrderIds: readonly number[]): boolean =>
  !trackedOrderIds.includes(orderId);

/** A failure worth a retry: the order may load if asked again. */
export const isRetryableFailure = (failure: ConfirmationFailure | null): boolean => failure === 'unavailable';

/** Failures the loader reports as `{ kind }`: an order that is not there (or not ours) is final. */
export function failureOf(error: unknown): ConfirmationFailure {
  const kind =
    typeof error === 'object' && error !== null && 'kind' in error ? (error as { kind: unknown }).kind : null;
  return kind === 'notFound' || kind === 'forbidden' || kind === 'rejected' ? 'notFound' : 'unavailable';
}

// ---------------------------------------------------------------------------------------
// The purchase event (§4, §7)

export const PURCHASE_EVENT = {
  initial: 'purchased initial',
  saveOffer: 'purchased save offer',
  winback: 'purchased winback',
} as const;
export type PurchaseEventName = (typeof PURCHASE_EVENT)[keyof typeof PURCHASE_EVENT];

/** SKU types that are themselves a save offer (a discount) or a winback offer (a rebate). */
export const SAVE_OFFER_SKU_TYPES = ['DISC'];
export const WINBACK_SKU_TYPES = ['REBT'];

/** By flow first (save, winback), then by the SKU's type; anything else is an initial purchase. */
export function purchaseEventName(
  request: Pick<ConfirmationRequest, 'flow' | 'mode' | 'pageCode'>,
  skuTypeCD: string | null,
): PurchaseEventName {
  const skuType = (skuTypeCD ?? '').trim().toUpperCase();
  if (isSaveFlow(request)) return PURCHASE_EVENT.saveOffer;
  if (request.flow === WINBACK || request.mode === WINBACK) return PURCHASE_EVENT.winback;
  if (SAVE_OFFER_SKU_TYPES.includes(skuType)) return PURCHASE_EVENT.saveOffer;
  if (WINBACK_SKU_TYPES.includes(skuType)) return PURCHASE_EVENT.winback;
  return PURCHASE_EVENT.initial;
}

export const COVER_LETTER_DOCTYPE = 'LETR';

/** The builder the purchase is for: the cover-letter builder when the doc type says so. */
export const builderTypeOf = (docType: string | null): 'coverLetter' | 'resume' =>
  (docType ?? '').split(',')[0]!.trim().toUpperCase() === COVER_LETTER_DOCTYPE ? 'coverLetter' : 'resume';

/** §3 "Post-payment properties", with the spec's names (a type, so it passes as event props). */
export type PostPaymentProperties = {
  offering: string;
  price: number;
  mixPanelSkuId: number | null;
  skuLabel: string;
  currency: string;
  builderType: 'coverLetter' | 'resume';
  paymentMethod: string;
  creditCardType: string | null;
  LastCancellationRCStage: string | null;
  DaysSinceCancellation: number | null;
};

export function postPaymentProperties(
  order: ConfirmedOrder,
  request: Pick<ConfirmationRequest, 'docType'>,
): PostPaymentProperties {
  return {
    offering: order.offering,
    price: order.price,
    mixPanelSkuId: order.skuId,
    skuLabel: order.skuLabel,
    currency: order.currencyCD,
    builderType: builderTypeOf(request.docType),
    paymentMethod: order.paymentMethod,
    creditCardType: order.paymentMethod === 'CRCD' ? order.cardType : null,
    LastCancellationRCStage: order.lastCancellation?.stage ?? null,
    DaysSinceCancellation: order.lastCancellation?.daysSince ?? null,
  };
}

export interface PurchaseEvent {
  eventName: PurchaseEventName;
  props: PostPaymentProperties & { TransactionID: number; campaignId?: string; templateId?: string };
}

/** The event and its properties; an initial purchase carries Iterable's campaign and template ids when known. */
export function purchaseEvent(order: ConfirmedOrder, request: ConfirmationRequest): PurchaseEvent {
  const eventName = purchaseEventName(request, order.skuTypeCD);
  const props: PurchaseEvent['props'] = { ...postPaymentProperties(order, request), TransactionID: order.orderId };
  if (eventName === PURCHASE_EVENT.initial) {
    if (request.attribution.campaignId) props.campaignId = request.attribution.campaignId;
    if (request.attribution.templateId) props.templateId = request.attribution.templateId;
  }
  return { eventName, props };
}

// ---------------------------------------------------------------------------------------
// The data-layer push (§7)

export const DEFAULT_DATA_LAYER_EVENT = 'orderConfirmation';

export interface OrderDataLayerFields {
  eventName: string;
  transactionId: number;
  price: number;
  productId: string;
  emailId: string;
  currencyCode: string;
}

export function orderDataLayerFields(order: ConfirmedOrder): OrderDataLayerFields {
  const configured = order.dataLayerEventName?.trim();
  return {
    eventName: configured ? configured : DEFAULT_DATA_LAYER_EVENT,
    transactionId: order.orderId,
    price: order.price,
    productId: order.productId,
    emailId: order.emailId,
    currencyCode: order.currencyCD,
  };
}

// ---------------------------------------------------------------------------------------
// Messages to the parent window in an affiliate flow (§4 "Other behaviours")

export const AFFILIATE_MESSAGE = {
  pageLoaded: 'iframe-pageloaded',
  paymentConfirmed: 'iframe-paymentconfirmed',
  freeTrialPaymentConfirmed: 'iframe-freeTrial-paymentconfirmed',
} as const;
export type AffiliateMessageType = (typeof AFFILIATE_MESSAGE)[keyof typeof AFFILIATE_MESSAGE];

export interface AffiliateMessage {
  type: AffiliateMessageType;
  orderId: number | null;
}

export const paymentConfirmedMessageType = (request: Pick<ConfirmationRequest, 'freeTrial'>): AffiliateMessageType =>
  request.freeTrial ? AFFILIATE_MESSAGE.freeTrialPaymentConfirmed : AFFILIATE_MESSAGE.paymentConfirmed;

export type ConfirmationExit = 'upsells' | 'bigInterviewOffers' | 'dashboard';

/**
 * Where the person goes after the confirmation (spec §2 "Flow": confirmation, then the
 * upsell pages, then the dashboard): the dashboard when they chose it or isFeedBackTool forces
 * it; after the big-interview confirmation, the big-interview offers; else on to the upsells.
 */
export const confirmationExit = (leaving: {
  leftBy: 'continue' | 'dashboard';
  dashboardForced: boolean;
  variant?: ConfirmationVariant;
}): ConfirmationExit => {
  if (leaving.leftBy === 'dashboard' || leaving.dashboardForced) return 'dashboard';
  return leaving.variant === 'bigInterview' ? 'bigInterviewOffers' : 'upsells';
};
