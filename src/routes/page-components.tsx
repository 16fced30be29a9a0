import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import { TimeoutPage } from '../features/shell/TimeoutPage';

const SellPage = lazyRouteComponent(() => import('../features/sell-page/SellPage'));
const CheckoutPage = lazyRouteComponent(() => import('../features/checkout/CheckoutPage'));
const OrderConfirmationPage = lazyRouteComponent(() => import('../features/order-confirmation/OrderConfirmationPage'));

/** The view of each route id; routes a later release fills in say "coming soon". */
const PAGES: Record<string, RouteComponent> = {
  timeout: TimeoutPage,
  cancellationRequest: lazyRouteComponent(() => import('../features/cancellation-request/CancellationRequestPage')),
  mySettings: lazyRouteComponent(() => import('../features/my-settings/MySettingsPage')),
  cancellationReceived: lazyRouteComponent(() => import('../features/cancellation-request/CancellationReceivedPage')),
  pricing: SellPage,
  pricingV2: SellPage,
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

export const pageComponentFor = (routeId: string): RouteComponent => PAGES[routeId] ?? ComingSoonPage;
