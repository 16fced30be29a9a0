/**
 * Where a person goes once a payment has gone through (spec §2 "Order confirmation",
 * "Post-payment destination" and "By product").
 *
 * - The common post-payment setting (feature flag CPPU) sends every purchase to the one
 *   confirmation-detail page.
 * - Access plans (the sell page's SKUs) go to the order confirmation, mobile or desktop; the
 *   upsells that follow it start there.
 * - Other products go where that product is used: the review intake for a resume review
 *   (the mobile confirmation on mobile), the order confirmation for writing and tune-up
 *   services (and their market variants), the profile editor for Bold Pro, and the builder's
 *   dashboard for everything else, with the cover-letter doc type appended when configured.
 */
import { INTAKE_PATH, serviceKindOf } from '../../machines/service-products.rules';
import type { DeviceType } from './eligibility';
import type { Destination as NavigationDestination, RouteTarget } from '../routing/route-target';

export const RESUME_REVIEW_PRODUCT = 'RSMRVW';
export const BOLD_PRO_PRODUCT = 'BOLDPRO';
/** Writing and tune-up services; market variants carry a suffix (`RSWRIT-UK`). */
export const SERVICE_PRODUCTS = ['RSWRIT', 'CLWRIT', 'RSTUNE'] as const;
export const COVER_LETTER_DOCTYPE = 'LETR';
/** `from=upsell`: the address was reached from the upsell sequence's end (the intake offers "do this later" only then). */
export const FROM_UPSELLS = 'upsell';

export type DestinationKind =
  'confirmationDetail' | 'orderConfirmation' | 'reviewIntake' | 'profileEditor' | 'dashboard';

export interface Destination {
  kind: DestinationKind;
  /** A page of the app, or a configured address outside it. */
  to: NavigationDestination;
}

export interface DestinationInput {
  productId: string;
  /** True for the SKUs of the sell page: access plans. */
  isAccessPlan: boolean;
  device: DeviceType;
  commonPostPaymentUrl: boolean;
  /** Set when configuration asks the dashboard to open the cover-letter builder. */
  coverLetterDoctype: boolean;
  dashboardUrl: string;
  mobileDashboardUrl: string;
  profileEditorUrl: string;
  /** What the confirmation needs to find the order: orderid, skuid and the like. */
  orderQuery: Record<string, string>;
}

const isServiceProduct = (productId: string) =>
  SERVICE_PRODUCTS.some(
    (code) =>
      productId.toUpperCase() === code ||
      productId.toUpperCase().startsWith(`${code}-`) ||
      productId.toUpperCase().startsWith(`${code}_`),
  );

/**
 * The intake page of a bought service (chosen by its product id, market variants included), with
 * the order it is for; null for a product that has no intake. The order confirmation of a
 * service leads on here.
 */
export function serviceIntakeTarget(
  productId: string | null,
  orderId: number | null,
  from: string | null = null,
): RouteTarget | null {
  const kind = serviceKindOf(productId);
  if (!kind) return null;
  return { to: `/${INTAKE_PATH[kind]}`, search: { orderid: orderId ?? undefined, from: from ?? undefined } };
}

/** True when the address says it was reached from the upsell sequence (`from=upsell`, any case). */
export function cameFromUpsells(search: string): boolean {
  return new URLSearchParams(search).get('from')?.toLowerCase() === FROM_UPSELLS;
}

function withQuery(url: string, query: Record<string, string>): string {
  const entries = Object.entries(query).filter(([, value]) => value !== '');
  if (entries.length === 0) return url;
  const [base, hash = ''] = url.split('#') as [string, string?];
  const separator = base.includes('?') ? '&' : '?';
  const search = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${base}${separator}${search}${hash ? `#${hash}` : ''}`;
}

const orderConfirmation = (input: DestinationInput): Destination => ({
  kind: 'orderConfirmation',
  to: { to: input.device === 'Mobile' ? '/mobile/orderconfirmation' : '/orderconfirmation', search: input.orderQuery },
});

export function postPaymentDestination(input: DestinationInput): Destination {
  if (input.commonPostPaymentUrl)
    return { kind: 'confirmationDetail', to: { to: '/confirmation/detail', search: input.orderQuery } };
  if (input.isAccessPlan) return orderConfirmation(input);
  const product = input.productId.toUpperCase();
  if (product === RESUME_REVIEW_PRODUCT) {
    return input.device === 'Mobile'
      ? orderConfirmation(input)
      : { kind: 'reviewIntake', to: { to: '/resume-review', search: input.orderQuery } };
  }
  if (isServiceProduct(product)) return orderConfirmation(input);
  if (product === BOLD_PRO_PRODUCT) return { kind: 'profileEditor', to: { href: input.profileEditorUrl } };
  const dashboard = input.device === 'Mobile' ? input.mobileDashboardUrl : input.dashboardUrl;
  return {
    kind: 'dashboard',
    to: { href: input.coverLetterDoctype ? withQuery(dashboard, { doctype: COVER_LETTER_DOCTYPE }) : dashboard },
  };
}
