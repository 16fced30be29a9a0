/**
 * Every page of the app: its path under /payment/, its tracking page code, and whether a
 * visitor who is not signed in may open it. Localized slugs are extra paths to the same page.
 */

import type { FunnelEntry } from '../../machines/purchase-funnel.machine';
import type { AccessPolicy } from '../../machines/startup-access.rules';

/** The pre-cancel page reached from the subscription's details shows them with it, under a page code of its own. */
export const PRE_CANCEL_WITH_DETAILS = 'PreCancelPageWithSubscriptionDetails';

export const APP_BASE = '/payment';
export const DEFAULT_PAGE_CODE = 'SellPage';

export interface RouteEntry {
  id: string;
  /** Path below the base, without a leading slash; `$name` marks a parameter. */
  path: string;
  pageCode: string;
  /** Other paths that lead to the same page (localized slugs, legacy paths). */
  aliases?: readonly string[];
  /** Pages that record a user stage when shown (sell pages and order confirmations). */
  recordsUserStage?: boolean;
  /** A visitor who is not signed in may open it. */
  openToGuests?: boolean;
  /** Only for visitors who are not signed in: a signed-in user is sent to my settings. */
  guestOnly?: boolean;
  /** A page of the purchase funnel: which one, and how a funnel started at this address begins. */
  funnel?: { page: 'sell' | 'checkout' | 'processing'; entry: FunnelEntry };
  /**
   * Draws only from the core text pack (i18n/text-packs.ts), as the funnel's pages do. Set it
   * only on a page whose every state draws from core: a page that may show more loads both.
   */
  coreTexts?: boolean;
}

const sell = { recordsUserStage: true, funnel: { page: 'sell', entry: 'sell' } } as const;
const confirmation = { recordsUserStage: true } as const;
const checkout = { funnel: { page: 'checkout', entry: 'checkout' } } as const;

const ROUTE_TABLE = [
  { id: 'pricing', path: 'pricing', pageCode: 'PricingPage', ...sell, openToGuests: true },
  { id: 'pricingV2', path: 'pricingv2', pageCode: 'PricingV2', ...sell },
  { id: 'index', path: 'index', pageCode: 'IndexPage', ...sell },
  { id: 'problem', path: 'problem', pageCode: 'BillingProblem', funnel: sell.funnel },
  { id: 'subscriptionError', path: 'subscription-error', pageCode: 'SubscriptionError' },
  { id: 'plans', path: 'plans', pageCode: 'SellPage', ...sell },
  { id: 'mobilePlans', path: 'mobile/plans', pageCode: 'MobileSellPage', ...sell },
  { id: 'checkout', path: 'checkout', pageCode: 'CheckoutPage', aliases: ['secure/checkout'], ...checkout },
  {
    id: 'mobileCheckout',
    path: 'mobile/checkout',
    pageCode: 'MobileCheckoutPage',
    aliases: ['secure/mobile/checkout'],
    ...checkout,
  },
  { id: 'processing', path: 'processing', pageCode: 'Processing', funnel: { page: 'processing', entry: 'apmReturn' } },
  { id: 'orderConfirmation', path: 'orderconfirmation', pageCode: 'OrderPage', ...confirmation },
  { id: 'mobileOrderConfirmation', path: 'mobile/orderconfirmation', pageCode: 'MobileOrderPage', ...confirmation },
  { id: 'offerOrderConfirmation', path: 'offer/orderconfirmation', pageCode: 'SaveOfferOrderPage', ...confirmation },
  { id: 'orderPopup', path: 'orderpopup', pageCode: 'OrderPage', ...confirmation },
  { id: 'confirmation', path: 'confirmation', pageCode: 'Confirmation' },
  { id: 'confirmationDetail', path: 'confirmation/detail', pageCode: 'ConfirmationDetails' },
  {
    id: 'purchaseConfirmation',
    path: 'purchase-confirmation',
    pageCode: 'PurchaseConfirmation',
    aliases: ['kaufbestaetigung'],
  },
  { id: 'mobilePurchaseConfirmation', path: 'mobile/purchase-confirmation', pageCode: 'PurchaseConfirmation' },
  {
    id: 'bigInterviewOrderConfirmation',
    path: 'big-interview/orderconfirmation',
    pageCode: 'BigInterviewOrderConfirmation',
  },
  {
    id: 'abandonCart',
    path: 'abandon-cart',
    pageCode: 'AbdCartSellPage',
    ...sell,
    funnel: { page: 'sell', entry: 'abandonCart' },
    aliases: ['warenkorb'],
  },
  {
    id: 'changePaymentMethod',
    path: 'change-payment-method',
    pageCode: 'ChangePaymentMethod',
    aliases: ['zahlungsmethode-aendern'],
  },
  { id: 'resumeReview', path: 'resume-review', pageCode: 'ResumeReviewPage' },
  { id: 'resumeWriting', path: 'resume-writing', pageCode: 'ResumeWritingPage' },
  { id: 'coverLetterWriting', path: 'cover-letter-writing', pageCode: 'CoverLetterWritingPage' },
  { id: 'resumeTuneup', path: 'resume-tuneup', pageCode: 'ResumeTuneupPage' },
  { id: 'coverLetterAddon', path: 'cover-letter-addon', pageCode: 'CLWritingAddOnPage' },
  { id: 'mobileCoverLetterAddon', path: 'mobile/cover-letter-addon', pageCode: 'AuthCLWritingAddOnPage' },
  { id: 'upsellResumeReview', path: 'upsell/resume-review', pageCode: 'ResumeReviewUpsell' },
  { id: 'mobileUpsellResumeReview', path: 'mobile/upsell/resume-review', pageCode: 'ResumeReviewUpsell' },
  { id: 'upsellResume', path: 'upsell/resume', pageCode: 'ResumeUpsell' },
  { id: 'upsellBoldPro', path: 'upsell/bold-pro', pageCode: 'BoldProUpsell' },
  { id: 'upsellSocialCard', path: 'upsell/social-card', pageCode: 'SocialCardUpsell' },
  { id: 'upsellCalm', path: 'upsell/calm', pageCode: 'CalmUpsell' },
  { id: 'mobileUpsellMultipleOffers', path: 'mobile/upsell/multiple-offers', pageCode: 'MultipleOffer' },
  { id: 'upsellOffers', path: 'upsell/offers', pageCode: 'UpsellOffers' },
  { id: 'upsellOffersSurvey', path: 'upsell/offers/survey', pageCode: 'UpsellOffersSurvey' },
  { id: 'feedbackTool', path: 'feedback-tool', pageCode: 'FeedBackTool' },
  { id: 'aiTool', path: 'ai-tool', pageCode: 'UpsellAiTool' },
  { id: 'availResumeReview', path: 'avail-resume-review', pageCode: 'ResumeReviewPage' },
  { id: 'offers', path: 'offers', pageCode: 'Offers' },
  { id: 'bigInterviewOffers', path: 'big-interview/offers', pageCode: 'BigInterviewUpsell' },
  { id: 'transactions', path: 'transactions', pageCode: 'BillingHistory' },
  { id: 'transactionDetail', path: 'transactions/$transactionid/detail', pageCode: 'TransactionDetail' },
  { id: 'winback', path: 'winback', pageCode: 'WinBackLP' },
  { id: 'payPerPopup', path: 'payperpopup', pageCode: 'PriceInfo' },
  { id: 'mySettings', path: 'mysettings', pageCode: 'MYSET' },
  { id: 'subscriptionDetails', path: 'subscription-details', pageCode: 'ManageSubscriptionDetails' },
  { id: 'cancellationPre', path: 'cancellation/pre', pageCode: 'PrecancelPage' },
  {
    id: 'cancellationPreWithDetails',
    path: 'cancellation/pre/subscription-details',
    pageCode: PRE_CANCEL_WITH_DETAILS,
  },
  { id: 'cancellationPreSurvey', path: 'cancellation/pre/survey', pageCode: 'PreCancellationSurvey' },
  { id: 'cancellationPreOffers', path: 'cancellation/pre/offers', pageCode: 'SaveOfferPage' },
  { id: 'cancellationFinalOffer', path: 'cancellation/final-offer', pageCode: 'FinalizePage' },
  { id: 'cancellationSurvey', path: 'cancellation/survey', pageCode: 'CancellationSurvey' },
  { id: 'cancellationRating', path: 'cancellation/rating', pageCode: 'CancellationRating' },
  { id: 'cancellationReview', path: 'cancellation/review', pageCode: 'CancellationReview' },
  { id: 'cancellationConfirm', path: 'cancellation/confirm', pageCode: 'CancellationConfirmation' },
  { id: 'cancellationManage', path: 'cancellation/manage', pageCode: 'ManageSubscription' },
  {
    id: 'cancellationRequest',
    path: 'cancellation/request',
    pageCode: 'CancellationRequest',
    openToGuests: true,
    guestOnly: true,
    coreTexts: true,
    aliases: ['cancellation/abo-kuendigen', 'cancellation/demande-de-resiliation', 'cancellation/solicitud-de-baja'],
  },
  {
    id: 'cancellationReceived',
    path: 'cancellation/received',
    pageCode: 'CancellationReceived',
    openToGuests: true,
    aliases: ['cancellation/eingegangen', 'cancellation/recue', 'cancellation/recibida'],
  },
  { id: 'timeout', path: 'timeout', pageCode: 'Others', openToGuests: true },
  { id: 'employerSurvey', path: 'employer-survey', pageCode: 'Others' },
] as const satisfies readonly RouteEntry[];

type TableEntry = (typeof ROUTE_TABLE)[number];
type PagePath = TableEntry['path'];
type AliasPath = Extract<TableEntry, { aliases: unknown }>['aliases'][number];

export type RouteId = TableEntry['id'];
/** Every path of every page as the router spells it: below the base, with a leading slash. */
export type RoutePath = `/${PagePath | AliasPath}`;

/** An entry of the table, with the optional fields readable on every entry. */
export interface AppRoute extends RouteEntry {
  id: RouteId;
  path: PagePath;
  aliases?: readonly AliasPath[];
}

export const ROUTES: readonly AppRoute[] = ROUTE_TABLE;

/** The paths the router serves a route at: its own, then its aliases. */
export function routePathsOf(route: AppRoute): RoutePath[] {
  return [route.path, ...(route.aliases ?? [])].map((path) => `/${path}` as const);
}

const stripBase = (pathname: string) => pathname.replace(/^\/payment(?=\/|$)/, '').replace(/^\/+|\/+$/g, '');

const matches = (pattern: string, path: string) => {
  const a = pattern.split('/');
  const b = path.split('/');
  return (
    a.length === b.length &&
    a.every((segment, i) => segment.startsWith('$') || segment.toLowerCase() === b[i]!.toLowerCase())
  );
};

export function findRoute(pathname: string): AppRoute | undefined {
  const path = stripBase(pathname);
  return ROUTES.find((r) => matches(r.path, path) || r.aliases?.some((alias) => matches(alias, path)));
}

/** The page code for tracking; paths we do not know count as the sell page. */
export function pageCodeFor(pathname: string): string {
  return findRoute(pathname)?.pageCode ?? DEFAULT_PAGE_CODE;
}

/** A `/mobile/` segment in the path means a mobile device, whatever the screen says. */
export function isMobilePath(pathname: string): boolean {
  return /(^|\/)mobile(\/|$)/i.test(pathname);
}

export const GUEST_ONLY_PAGE_CODES = [...new Set(ROUTES.filter((r) => r.guestOnly).map((r) => r.pageCode))];

export const GUEST_PAGE_CODES = [...new Set(ROUTES.filter((r) => r.openToGuests).map((r) => r.pageCode))];

/** The app's own guest pages: the access policy start-up holds until configuration answers, and when it cannot. */
export const STARTUP_POLICY: AccessPolicy = {
  permittedPages: GUEST_PAGE_CODES,
  supportingPages: [],
  allowAllByConfig: false,
  guestOnlyPages: GUEST_ONLY_PAGE_CODES,
};

export type CheckoutRoute = Extract<RoutePath, `${string}checkout`>;

/** The migrated checkout drops the legacy `secure` segment. */
export function checkoutRoute(migrated: boolean, mobile: boolean): CheckoutRoute {
  if (migrated) return mobile ? '/mobile/checkout' : '/checkout';
  return mobile ? '/secure/mobile/checkout' : '/secure/checkout';
}
