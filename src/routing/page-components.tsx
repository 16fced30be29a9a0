import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import { TimeoutPage } from '../features/shell/TimeoutPage';
import { earlyPageOf, type EarlyPageName } from './early-pages';

const loadSellPage = () => import('../features/sell-page/SellPage');
const loadCheckoutPage = () => import('../features/checkout/CheckoutPage');
const loadCancellationRequestPage = () => import('../features/cancellation-request/CancellationRequestPage');
const SellPage = lazyRouteComponent(loadSellPage);
const CheckoutPage = lazyRouteComponent(loadCheckoutPage);
const OrderConfirmationPage = lazyRouteComponent(() => import('../features/order-confirmation/OrderConfirmationPage'));

/** The view of each route id; routes a later release fills in say "coming soon". */
const PAGES: Record<string, RouteComponent> = {
  timeout: TimeoutPage,
  cancellationRequest: lazyRouteComponent(loadCancellationRequestPage),
  mySettings: lazyRouteComponent(() => import('../features/my-settings/MySettingsPage')),
  cancellationReceived: lazyRouteComponent(() => import('../features/cancellation-request/CancellationReceivedPage')),
  pricing: SellPage,
  pricingV2: SellPage,
  problem: SellPage,
  index: SellPage,
  plans: SellPage,
  mobilePlans: SellPage,
  abandonCart: SellPage,
  checkout: CheckoutPage,
  mobileCheckout: CheckoutPage,
  processing: lazyRouteComponent(() => import('../features/checkout/ProcessingPage')),
  orderConfirmation: OrderConfirmationPage,
  mobileOrderConfirmation: OrderConfirmationPage,
  offerOrderConfirmation: OrderConfirmationPage,
  orderPopup: OrderConfirmationPage,
};

/**
 * The early pages (routing/early-pages.ts) start downloading their code with the app itself instead of after
 * start-up has decided who the visitor is: the same module, fetched once.
 */
const EARLY_PAGE_LOADERS: Record<EarlyPageName, () => Promise<unknown>> = { sell: loadSellPage, checkout: loadCheckoutPage, cancellationForm: loadCancellationRequestPage };

export function preloadPageOf(pathname: string): void {
  const page = earlyPageOf(pathname);
  if (page) void EARLY_PAGE_LOADERS[page]();
}

export const pageComponentFor = (routeId: string): RouteComponent => PAGES[routeId] ?? ComingSoonPage;
