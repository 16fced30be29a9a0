/**
 * The order confirmation machine with the app's effects: the order loader, the purchase
 * event through the analytics queue, the data-layer push, the session's reported orders and
 * the affiliate parent messages.
 */
import { fromPromise } from 'xstate';
import {
  orderConfirmationMachine,
  type LoadOrderInput,
  type OrderConfirmationOutput,
} from '../../../machines/order-confirmation.machine';
import type { ConfirmedOrder } from '../../../machines/order-confirmation.rules';
import type { Api } from '../../api';
import { appendBillingParams } from '../../domain/billing-append';
import { cameFromUpsells, FROM_UPSELLS, serviceIntakeTarget } from '../../domain/post-payment-destination';
import { hrefOfDestination, type Destination } from '../../routing/route-target';
import type { Analytics } from '../../app/analytics';
import type { AppNavigation } from '../../app/navigation';
import type { KeyValueStorage } from '../../domain/storage';
import { affiliateTargetOrigin, postToAffiliateParent, type ParentWindow } from './affiliate-parent';
import { createOrderLoader, type OrderSettings } from './load-order';
import { rememberTrackedOrder, rememberWelcomedOrder } from './tracked-orders';

export interface OrderConfirmationDeps {
  api: Pick<Api, 'payments' | 'skus' | 'subscriptions' | 'config'>;
  user: { UserUID: string; EmailAddress: string };
  /** Absent where analytics is not started (some tests): nothing is reported then. */
  analytics?: Pick<Analytics, 'track' | 'pushOrderDataLayer'>;
  /** Session storage (or null when the browser refuses it). */
  session: KeyValueStorage | null;
  /** Local storage (or null when the browser refuses it): the orders already welcomed. */
  local?: KeyValueStorage | null;
  /** The page's path, the data layer's virtual URL. */
  virtualUrl: string;
  parent: ParentWindow;
  ancestorOrigin: string | null;
  referrer: string;
  navigation: AppNavigation;
  dashboardUrl: string;
  /** The page's query string: the billing-append parameters (autodownload, doctype, ...) go on to the dashboard. */
  search?: string;
  /**
   * The popup container (`orderpopup`) opened by another page of this site: the way on is taken
   * by the page that opened it, and the popup closes.
   */
  popup?: OrderPopup | null;
}

export interface OrderPopup {
  /** Moves the opening page on. */
  leadOpener(url: string): void;
  close(): void;
}

/**
 * The dashboard's address after a confirmation: the mobile dashboard on a phone, with the
 * billing-append parameters of the page (spec §2), so a requested auto-download happens there.
 */
export function confirmationDashboardUrl(dashboardUrl: string, mobile: boolean, search = ''): string {
  const dashboard = mobile ? `${dashboardUrl}${dashboardUrl.includes('?') ? '&' : '?'}device=mobile` : dashboardUrl;
  return appendBillingParams(dashboard, search);
}

/**
 * The address of where the person goes after the confirmation: the dashboard when chosen; the
 * intake of a service that was bought (with its order); the big-interview offers after the
 * big-interview confirmation; else the upsell sequence for this order,
 * entered at its first page (the mobile one after the mobile confirmation). The sequence moves on
 * to the offers that apply, or straight to its end when none does.
 */
export function confirmationExit(
  output: Pick<OrderConfirmationOutput, 'exit' | 'variant' | 'orderId' | 'flow'> &
    Partial<Pick<OrderConfirmationOutput, 'productId' | 'mobile'>>,
  urls: { dashboardUrl: string; search?: string },
): Destination {
  const mobile = output.mobile ?? output.variant === 'mobile';
  if (output.exit === 'dashboard') return { href: confirmationDashboardUrl(urls.dashboardUrl, mobile, urls.search) };
  // A service's confirmation that ends the upsell sequence passes that on to the intake.
  const intake = serviceIntakeTarget(
    output.productId ?? null,
    output.orderId,
    cameFromUpsells(urls.search ?? '') ? FROM_UPSELLS : null,
  );
  if (intake) return intake;
  // The sequence names its purchase event by the flow: a save offer or a winback is told so.
  const query = new URLSearchParams({
    orderid: String(output.orderId),
    ...(output.flow !== 'initial' ? { flow: output.flow } : {}),
  });
  if (output.exit === 'bigInterviewOffers') return { to: '/big-interview/offers', search: query };
  return { to: mobile ? '/mobile/upsell/resume-review' : '/upsell/resume-review', search: query };
}

export function provideOrderConfirmation(deps: OrderConfirmationDeps) {
  let settings: OrderSettings = { dataLayerEventName: null, affiliateParentOrigin: null };
  const loadOrder = createOrderLoader({
    api: deps.api,
    userId: deps.user.UserUID,
    email: deps.user.EmailAddress,
    onSettings: (s) => (settings = s),
  });

  return orderConfirmationMachine.provide({
    actors: {
      loadOrder: fromPromise<ConfirmedOrder, LoadOrderInput>(({ input }) => loadOrder(input)),
    },
    actions: {
      trackPurchase: (_, event) => {
        void deps.analytics?.track(event.eventName, event.props).catch(() => undefined);
      },
      pushOrderDataLayer: (_, fields) => {
        deps.analytics?.pushOrderDataLayer({ ...fields, virtualUrl: deps.virtualUrl });
      },
      rememberTrackedOrder: (_, { orderId }) => {
        rememberTrackedOrder(deps.session, orderId);
      },
      rememberWelcomeShown: (_, { orderId }) => {
        rememberWelcomedOrder(deps.local ?? null, orderId);
      },
      leaveConfirmation: (_, output) => {
        const destination = confirmationExit(output, deps);
        if (!deps.popup) return deps.navigation.go(destination);
        deps.popup.leadOpener(hrefOfDestination(destination));
        deps.popup.close();
      },
      notifyAffiliateParent: (_, message) => {
        const origin = affiliateTargetOrigin({
          configured: settings.affiliateParentOrigin,
          ancestorOrigin: deps.ancestorOrigin,
          referrer: deps.referrer,
        });
        postToAffiliateParent(deps.parent, message, origin);
      },
    },
  });
}
