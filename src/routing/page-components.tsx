import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isSignedInUser } from '../../machines/startup-access.rules';
import { useServices } from '../app/services';
import { ComingSoonPage } from '../shell/ComingSoonPage';
import { NotFoundPage } from '../shell/NotFoundPage';
import { TimeoutPage } from '../shell/TimeoutPage';
import { earlyPageOf, type EarlyPageName } from './early-pages';
import type { RouteId } from './route-table';

const loadSellPage = () => import('../features/purchase-funnel/sell-page/SellPage');
const loadCheckoutPage = () => import('../features/purchase-funnel/checkout/CheckoutPage');
const loadCancellationRequestPage = () => import('../features/cancellation-request/CancellationRequestPage');
const SellPage = lazyRouteComponent(loadSellPage);
const CheckoutPage = lazyRouteComponent(loadCheckoutPage);
const OrderConfirmationPage = lazyRouteComponent(() => import('../features/order-confirmation/OrderConfirmationPage'));
const GuestCancellationReceivedPage = lazyRouteComponent(
  () => import('../features/cancellation-request/CancellationReceivedPage'),
);
const SignedInCancellationReceivedPage = lazyRouteComponent(() => import('../features/cancellation/ReceivedPage'));
/** One pre-cancel page for both addresses: with the subscription's details where the route table says so. */
const PreCancelPage = lazyRouteComponent(() => import('../features/cancellation/PreCancelPage'));
/** One intake page for every service: the route (or the address's product id) picks the service. */
const ServiceIntakePage = lazyRouteComponent(() => import('../features/services/ServiceIntakePage'));
/** The offers after a purchase, and the big-interview offers: the services to add. */
const ServiceOffersPage = lazyRouteComponent(() => import('../features/services/ServiceOffersPage'));
/** One survey page for both addresses; the route table gives each its page code. */
const CancellationSurveyPage = lazyRouteComponent(() => import('../features/cancellation/SurveyPage'));
/** The upsell sequence: one offer page, each route opening its own offer (calm and the two tools with content of their own). */
const loadUpsellPage = () => import('../features/upsell/UpsellOfferPage');
const ResumeReviewUpsellPage = lazyRouteComponent(loadUpsellPage, 'ResumeReviewUpsellPage');
const BoldProUpsellPage = lazyRouteComponent(loadUpsellPage, 'BoldProUpsellPage');
const SocialCardUpsellPage = lazyRouteComponent(loadUpsellPage, 'SocialCardUpsellPage');
const CoverLetterAddOnPage = lazyRouteComponent(loadUpsellPage, 'CoverLetterAddOnPage');
const ResumeUpsellPage = lazyRouteComponent(loadUpsellPage, 'ResumeUpsellPage');
const CalmUpsellPage = lazyRouteComponent(loadUpsellPage, 'CalmUpsellPage');
const FeedbackToolPage = lazyRouteComponent(loadUpsellPage, 'FeedbackToolPage');
const AiToolPage = lazyRouteComponent(loadUpsellPage, 'AiToolPage');
/** Several add-ons on one page (upsell offers; multiple offers on mobile), and the survey when they are all turned down. */
const loadUpsellOffersPage = () => import('../features/upsell/UpsellOffersPage');
const UpsellOffersPage = lazyRouteComponent(loadUpsellOffersPage, 'UpsellOffersPage');
const UpsellOffersSurveyPage = lazyRouteComponent(loadUpsellOffersPage, 'UpsellOffersSurveyPage');
/** The pay-per price information, a dialog page. */
const PriceInfoPage = lazyRouteComponent(() => import('../features/upsell/PriceInfoPage'), 'PriceInfoPage');

/** Billing history, and one transaction of it: one that is not the person's shows the app's not-found page. */
const BillingHistoryPage = lazyRouteComponent(() => import('../features/billing/BillingHistoryPage'));
const TransactionDetailPage = lazyRouteComponent(() => import('../features/billing/TransactionDetailPage'));
function TransactionDetailRoute() {
  return <TransactionDetailPage notFound={<NotFoundPage />} />;
}

/**
 * `cancellation/received` serves both cancellations: a signed-in person sees their own,
 * read from the server; anyone else the receipt of the logged-out request they just sent.
 */
function CancellationReceivedRoute() {
  const { startup } = useServices();
  const signedIn = useSelector(startup, (s) => isSignedInUser(s.context.claims));
  return signedIn ? <SignedInCancellationReceivedPage /> : <GuestCancellationReceivedPage />;
}

const BillingProblemPage = lazyRouteComponent(() => import('../features/my-settings/BillingProblemPage'));

/**
 * `problem` is the billing problem for a person whose plan could be suspended or in retry (active or
 * suspended user types), who see the sell page there when their payments are in order; anyone else
 * (a new visitor, a guest) sees the sell page at once.
 */
function ProblemRoute() {
  const { startup } = useServices();
  const userType = useSelector(startup, (s) => s.context.claims?.UserType ?? null);
  return userType === 'SUSP' || userType === 'ACTV' ? <BillingProblemPage otherwise={<SellPage />} /> : <SellPage />;
}

/** The view of each route id: every route names one, so a missing or misspelt id does not compile. */
export type PageMap = Record<RouteId, RouteComponent>;

/** Routes a later release fills in say "coming soon". */
const PAGES = {
  pricing: SellPage,
  pricingV2: SellPage,
  index: SellPage,
  problem: ProblemRoute,
  subscriptionError: BillingProblemPage,
  plans: SellPage,
  mobilePlans: SellPage,
  checkout: CheckoutPage,
  mobileCheckout: CheckoutPage,
  processing: lazyRouteComponent(() => import('../features/purchase-funnel/checkout/ProcessingPage')),
  orderConfirmation: OrderConfirmationPage,
  mobileOrderConfirmation: OrderConfirmationPage,
  offerOrderConfirmation: OrderConfirmationPage,
  orderPopup: OrderConfirmationPage,
  confirmation: OrderConfirmationPage,
  confirmationDetail: OrderConfirmationPage,
  purchaseConfirmation: OrderConfirmationPage,
  mobilePurchaseConfirmation: OrderConfirmationPage,
  bigInterviewOrderConfirmation: OrderConfirmationPage,
  abandonCart: SellPage,
  changePaymentMethod: lazyRouteComponent(() => import('../features/my-settings/ChangePaymentMethodPage')),
  resumeReview: ServiceIntakePage,
  resumeWriting: ServiceIntakePage,
  coverLetterWriting: ServiceIntakePage,
  resumeTuneup: ServiceIntakePage,
  coverLetterAddon: CoverLetterAddOnPage,
  mobileCoverLetterAddon: CoverLetterAddOnPage,
  upsellResumeReview: ResumeReviewUpsellPage,
  mobileUpsellResumeReview: ResumeReviewUpsellPage,
  upsellResume: ResumeUpsellPage,
  upsellBoldPro: BoldProUpsellPage,
  upsellSocialCard: SocialCardUpsellPage,
  upsellCalm: CalmUpsellPage,
  mobileUpsellMultipleOffers: UpsellOffersPage,
  upsellOffers: UpsellOffersPage,
  upsellOffersSurvey: UpsellOffersSurveyPage,
  feedbackTool: FeedbackToolPage,
  aiTool: AiToolPage,
  availResumeReview: ServiceIntakePage,
  offers: ServiceOffersPage,
  bigInterviewOffers: ServiceOffersPage,
  transactions: BillingHistoryPage,
  transactionDetail: TransactionDetailRoute,
  winback: lazyRouteComponent(() => import('../features/winback/WinbackPage')),
  payPerPopup: PriceInfoPage,
  mySettings: lazyRouteComponent(() => import('../features/my-settings/MySettingsPage')),
  subscriptionDetails: lazyRouteComponent(() => import('../features/cancellation/SubscriptionDetailsPage')),
  cancellationPre: PreCancelPage,
  cancellationPreWithDetails: PreCancelPage,
  cancellationPreSurvey: CancellationSurveyPage,
  cancellationPreOffers: lazyRouteComponent(() => import('../features/cancellation/SaveOffersPage')),
  cancellationFinalOffer: lazyRouteComponent(() => import('../features/cancellation/FinalOfferPage')),
  cancellationSurvey: CancellationSurveyPage,
  cancellationRating: lazyRouteComponent(() => import('../features/cancellation/CancellationRatingPage')),
  cancellationReview: lazyRouteComponent(() => import('../features/cancellation/FreeReviewPage')),
  cancellationConfirm: lazyRouteComponent(() => import('../features/cancellation/ConfirmPage')),
  cancellationManage: lazyRouteComponent(() => import('../features/cancellation/ManageSubscriptionPage')),
  cancellationRequest: lazyRouteComponent(loadCancellationRequestPage),
  cancellationReceived: CancellationReceivedRoute,
  timeout: TimeoutPage,
  employerSurvey: ComingSoonPage,
} satisfies PageMap;

/**
 * The early pages (routing/early-pages.ts) start downloading their code with the app itself instead of after
 * start-up has decided who the visitor is: the same module, fetched once.
 */
const EARLY_PAGE_LOADERS: Record<EarlyPageName, () => Promise<unknown>> = {
  sell: loadSellPage,
  checkout: loadCheckoutPage,
  cancellationForm: loadCancellationRequestPage,
};

export function preloadPageOf(pathname: string): void {
  const page = earlyPageOf(pathname);
  if (page) void EARLY_PAGE_LOADERS[page]();
}

export const pageComponentFor = (routeId: RouteId): RouteComponent => PAGES[routeId];

/**
 * Checkout's top where the server drew it, for the page area while start-up settles. Its code is
 * the checkout page's, which boot.tsx has loaded before the first drawing (`loadDrawnCheckout`),
 * so it draws at once in place of the server's markup.
 */
export const DrawnCheckoutPage = lazyRouteComponent(loadCheckoutPage, 'DrawnCheckoutPage');
export const loadDrawnCheckout = (): Promise<unknown> => DrawnCheckoutPage.preload?.() ?? loadCheckoutPage();

/** The sell page with the parts below its plans, for a first drawing of the whole page (one the server drew at rest). */
export const loadWholeSellPage = async (): Promise<void> => {
  await SellPage.preload?.();
  await (await loadSellPage()).preloadSellPageParts();
};
