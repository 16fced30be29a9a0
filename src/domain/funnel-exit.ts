/**
 * Where a finished purchase funnel sends the person (spec §2 "Flow"): a paid plan to its
 * post-payment destination, a payment provider's approval page to that provider, a guest who
 * chose a plan to sign in and come back to checkout with it. Someone who already has a plan
 * stays where they are, to be told so.
 */
import type { PurchaseFunnelOutput } from '../../machines/purchase-funnel.machine';
import { isAccessPlan } from '../../machines/purchase-funnel.rules';
import type { DeviceType } from './eligibility';
import { postPaymentDestination } from './post-payment-destination';
import type { CheckoutRoute } from '../routing/route-table';
import { hrefOf, type Destination } from '../routing/route-target';

export interface FunnelExitSettings {
  dashboardUrl: string;
  device: DeviceType;
  /** The checkout a guest returns to after signing in (legacy or migrated, mobile or desktop). */
  checkout: CheckoutRoute;
  commonPostPaymentUrl: boolean;
  coverLetterDoctype: boolean;
  /** A winback purchase: its flow goes on to the confirmation, which names the purchase event by it. */
  purchaseFlow?: 'winback' | null;
}

const withParam = (url: string, name: string, value: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

export function funnelExit(output: PurchaseFunnelOutput, settings: FunnelExitSettings): Destination | null {
  switch (output.kind) {
    case 'alreadySubscribed':
      return null;
    case 'redirect':
      // The payment provider's approval page, as the server handed it over.
      return { href: output.url };
    case 'signIn':
      return {
        href: withParam(
          settings.dashboardUrl,
          'next',
          hrefOf({ to: settings.checkout, search: { skuid: output.skuId } }),
        ),
      };
    case 'paid':
      return postPaymentDestination({
        productId: output.sku.ProductID,
        isAccessPlan: isAccessPlan(output.sku),
        device: settings.device,
        commonPostPaymentUrl: settings.commonPostPaymentUrl,
        coverLetterDoctype: settings.coverLetterDoctype,
        dashboardUrl: settings.dashboardUrl,
        mobileDashboardUrl: withParam(settings.dashboardUrl, 'device', 'mobile'),
        profileEditorUrl: `${settings.dashboardUrl.replace(/\/$/, '')}/profile/editor`,
        orderQuery: {
          orderid: String(output.payment.transactionId),
          skuid: String(output.sku.SkuID),
          ...(settings.purchaseFlow ? { flow: settings.purchaseFlow } : {}),
        },
      }).to;
  }
}
