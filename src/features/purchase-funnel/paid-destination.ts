import { postPaymentDestination } from '../../domain/post-payment-destination';
import { deviceFor } from '../../app/startup';
import { appOfferOf, type FunnelActor } from './create-funnel';

/** The address a finished funnel leads to: the post-payment destination, an APM provider, or the dashboard. */
export function paidDestination(actor: FunnelActor, dashboardUrl: string): string | null {
  const snapshot = actor.getSnapshot();
  const output = snapshot.output;
  if (!output) return null;
  if (output.kind === 'redirect') return output.url;
  if (output.kind !== 'paid') return null;
  const offer = appOfferOf(snapshot);
  return postPaymentDestination({
    productId: output.sku.ProductID,
    isAccessPlan: output.sku.PlanTier !== null,
    device: deviceFor(window.location.pathname, window.innerWidth),
    commonPostPaymentUrl: offer?.commonPostPaymentUrl ?? false,
    coverLetterDoctype: offer?.coverLetterDoctype ?? false,
    dashboardUrl,
    mobileDashboardUrl: `${dashboardUrl}${dashboardUrl.includes('?') ? '&' : '?'}device=mobile`,
    profileEditorUrl: `${dashboardUrl.replace(/\/$/, '')}/profile/editor`,
    orderQuery: { orderid: String(output.payment.transactionId), skuid: String(output.sku.SkuID) },
  }).url;
}
