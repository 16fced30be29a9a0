/**
 * Pure rules of the offers after a purchase (spec §2 routes `offers` and the big-interview
 * offers, §1 the services): which services are offered, and what may be added.
 */
import { SERVICE_KINDS, serviceKindOf, type ServiceKind } from './service-products.rules';

/** One service the person may add, as the page shows it. */
export interface ServiceOffer {
  skuId: number;
  kind: ServiceKind;
  formattedPrice: string;
}

/** The two pages: the offers after any purchase, and those after the big-interview order. */
export type OffersPage = 'offers' | 'bigInterview';

/** What the catalogue answers, as far as these rules read it. */
export interface OfferSku {
  SkuID: number;
  ProductID: string;
  FormattedUnitPrice: string;
}

/**
 * After a big-interview order the services that prepare for an interview come first (the
 * tune-up and the review of the resume that will be discussed), then the writing services.
 */
const ORDER: Record<OffersPage, readonly ServiceKind[]> = {
  offers: SERVICE_KINDS,
  bigInterview: ['tuneUp', 'resumeReview', 'coverLetterWriting', 'resumeWriting'],
};

/** The services sold in the person's market, one SKU per service (the first the catalogue lists), in the page's order. */
export function serviceOffersOf(skus: readonly OfferSku[], page: OffersPage): ServiceOffer[] {
  const byKind = new Map<ServiceKind, ServiceOffer>();
  for (const sku of skus) {
    const kind = serviceKindOf(sku.ProductID);
    if (kind && !byKind.has(kind)) byKind.set(kind, { skuId: sku.SkuID, kind, formattedPrice: sku.FormattedUnitPrice });
  }
  return ORDER[page].flatMap((kind) => {
    const offer = byKind.get(kind);
    return offer ? [offer] : [];
  });
}

export const hasOffers = (offers: readonly ServiceOffer[]): boolean => offers.length > 0;

/** Only a SKU the page offers can be added: an address or a stale click cannot buy anything else here. */
export const isOfferedSku = (offers: readonly ServiceOffer[], skuId: number): boolean =>
  offers.some((offer) => offer.skuId === skuId);
