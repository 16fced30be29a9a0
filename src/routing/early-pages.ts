import { findRoute, type RouteId } from './route-table';

/**
 * The money pages, and the cancellation form the law wants easy to reach, are worth fetching
 * before start-up has decided who the visitor is: their code and the reads they always make. The server names these in the page's
 * head so the browser fetches them while the app's own code is still arriving; the app
 * starts the same downloads itself when the server did not (the Vite dev server).
 */
export interface EarlyPage {
  /** The page's module, as Vite's manifest names it. */
  module: string;
  /** API reads (below the API base) it makes whoever the visitor is. */
  reads: string[];
}

/** The app's own entry, which main.tsx starts after the first paint (see vite.config.ts). */
export const APP_MODULE = 'src/boot.tsx';

/** Start-up reads the claims and the Shell configuration on every page. */
export const STARTUP_READS = ['users/claims', 'config/features?moduleName=Shell'];

/**
 * The schema modules those reads are parsed with (src/api/users.ts and config.ts name them). The
 * app builds schemas when a read first needs them; these are named with the app's code, so they
 * arrive with it instead of a round trip after start-up has asked for the claims.
 */
export const STARTUP_SCHEMAS = ['src/api/schemas/users.ts', 'src/api/schemas/pages.ts'];

export const EARLY_PAGES = {
  sell: {
    module: 'src/features/purchase-funnel/sell-page/SellPage.tsx',
    reads: ['config/features?moduleName=SellPage', 'config/features?moduleName=Checkout'],
  },
  checkout: {
    module: 'src/features/purchase-funnel/checkout/CheckoutPage.tsx',
    reads: ['config/features?moduleName=Checkout'],
  },
  cancellationForm: {
    module: 'src/features/cancellation-request/CancellationRequestPage.tsx',
    reads: ['config/features?moduleName=Cancellation'],
  },
} as const satisfies Record<string, EarlyPage>;

export type EarlyPageName = keyof typeof EARLY_PAGES;

const EARLY_PAGE_OF_ROUTE: Partial<Record<RouteId, EarlyPageName>> = {
  pricing: 'sell',
  pricingV2: 'sell',
  index: 'sell',
  problem: 'sell',
  plans: 'sell',
  mobilePlans: 'sell',
  abandonCart: 'sell',
  checkout: 'checkout',
  mobileCheckout: 'checkout',
  cancellationRequest: 'cancellationForm',
};

/** Whether the route is one of the early pages (whose top the server may have drawn). */
export const isEarlyRoute = (routeId: RouteId): boolean => EARLY_PAGE_OF_ROUTE[routeId] !== undefined;

export function earlyPageOf(pathname: string): EarlyPageName | null {
  const route = findRoute(pathname);
  return route ? (EARLY_PAGE_OF_ROUTE[route.id] ?? null) : null;
}

/**
 * The module of every other page that always draws the same page (page-components.tsx loads it
 * for the route; test/routing/page-modules.test.ts holds the two together). The server names its
 * code with the app's, so it arrives with the app instead of after start-up has settled.
 */
const PAGE_MODULE_OF_ROUTE: Partial<Record<RouteId, string>> = {
  subscriptionError: 'src/features/my-settings/BillingProblemPage.tsx',
  processing: 'src/features/purchase-funnel/checkout/ProcessingPage.tsx',
  orderConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  mobileOrderConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  offerOrderConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  orderPopup: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  confirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  confirmationDetail: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  purchaseConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  mobilePurchaseConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  bigInterviewOrderConfirmation: 'src/features/order-confirmation/OrderConfirmationPage.tsx',
  changePaymentMethod: 'src/features/my-settings/ChangePaymentMethodPage.tsx',
  resumeReview: 'src/features/services/ServiceIntakePage.tsx',
  resumeWriting: 'src/features/services/ServiceIntakePage.tsx',
  coverLetterWriting: 'src/features/services/ServiceIntakePage.tsx',
  resumeTuneup: 'src/features/services/ServiceIntakePage.tsx',
  coverLetterAddon: 'src/features/upsell/UpsellOfferPage.tsx',
  mobileCoverLetterAddon: 'src/features/upsell/UpsellOfferPage.tsx',
  upsellResumeReview: 'src/features/upsell/UpsellOfferPage.tsx',
  mobileUpsellResumeReview: 'src/features/upsell/UpsellOfferPage.tsx',
  upsellResume: 'src/features/upsell/UpsellOfferPage.tsx',
  upsellBoldPro: 'src/features/upsell/UpsellOfferPage.tsx',
  upsellSocialCard: 'src/features/upsell/UpsellOfferPage.tsx',
  upsellCalm: 'src/features/upsell/UpsellOfferPage.tsx',
  mobileUpsellMultipleOffers: 'src/features/upsell/UpsellOffersPage.tsx',
  upsellOffers: 'src/features/upsell/UpsellOffersPage.tsx',
  upsellOffersSurvey: 'src/features/upsell/UpsellOffersPage.tsx',
  feedbackTool: 'src/features/upsell/UpsellOfferPage.tsx',
  aiTool: 'src/features/upsell/UpsellOfferPage.tsx',
  availResumeReview: 'src/features/services/ServiceIntakePage.tsx',
  offers: 'src/features/services/ServiceOffersPage.tsx',
  bigInterviewOffers: 'src/features/services/ServiceOffersPage.tsx',
  transactions: 'src/features/billing/BillingHistoryPage.tsx',
  winback: 'src/features/winback/WinbackPage.tsx',
  payPerPopup: 'src/features/upsell/PriceInfoPage.tsx',
  mySettings: 'src/features/my-settings/MySettingsPage.tsx',
  subscriptionDetails: 'src/features/cancellation/SubscriptionDetailsPage.tsx',
  cancellationPre: 'src/features/cancellation/PreCancelPage.tsx',
  cancellationPreWithDetails: 'src/features/cancellation/PreCancelPage.tsx',
  cancellationPreSurvey: 'src/features/cancellation/SurveyPage.tsx',
  cancellationPreOffers: 'src/features/cancellation/SaveOffersPage.tsx',
  cancellationFinalOffer: 'src/features/cancellation/FinalOfferPage.tsx',
  cancellationSurvey: 'src/features/cancellation/SurveyPage.tsx',
  cancellationRating: 'src/features/cancellation/CancellationRatingPage.tsx',
  cancellationReview: 'src/features/cancellation/FreeReviewPage.tsx',
  cancellationConfirm: 'src/features/cancellation/ConfirmPage.tsx',
  cancellationManage: 'src/features/cancellation/ManageSubscriptionPage.tsx',
};

/** The module of the page at this address: an early page's, or another page's that does not depend on who looks. */
export function pageModuleOf(pathname: string): string | null {
  const route = findRoute(pathname);
  if (!route) return null;
  const early = EARLY_PAGE_OF_ROUTE[route.id];
  return early ? EARLY_PAGES[early].module : (PAGE_MODULE_OF_ROUTE[route.id] ?? null);
}

export const PAGE_MODULE_ROUTES = PAGE_MODULE_OF_ROUTE;
