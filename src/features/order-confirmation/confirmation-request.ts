/** Reads the confirmation's request from the address bar, the route and the page's surroundings. */
import { isOrderDetailPage, type ConfirmationRequest } from '../../../machines/order-confirmation.rules';
import { readCookie, safeDecode } from '../../domain/cookies';
import type { QueryParams } from '../../domain/query-params';
import { deviceFor } from '../../app/device';
import { pageCodeFor } from '../../routing/route-table';

/** Iterable's attribution cookies, set when a visitor arrives from one of its e-mails. */
export const ITERABLE_CAMPAIGN_COOKIE = 'iterableEmailCampaignId';
export const ITERABLE_TEMPLATE_COOKIE = 'iterableTemplateId';

const attributionId = (cookieHeader: string, name: string): string | null => {
  const raw = readCookie(cookieHeader, name);
  const value = raw === null ? null : safeDecode(raw)?.trim();
  // Ids are numbers; anything else is not Iterable's and is not passed on.
  return value && /^\d{1,20}$/.test(value) ? value : null;
};

export function attributionFrom(cookieHeader: string): ConfirmationRequest['attribution'] {
  return {
    campaignId: attributionId(cookieHeader, ITERABLE_CAMPAIGN_COOKIE),
    templateId: attributionId(cookieHeader, ITERABLE_TEMPLATE_COOKIE),
  };
}

export interface PageSurroundings {
  pathname: string;
  viewportWidth: number;
  cookieHeader: string;
  /** window.parent !== window */
  framed: boolean;
}

export function confirmationRequestFrom(query: QueryParams, page: PageSurroundings): ConfirmationRequest {
  const pageCode = pageCodeFor(page.pathname);
  return {
    orderId: query.orderid ?? null,
    skuId: query.skuid ?? null,
    flow: query.flow?.toLowerCase() ?? null,
    mode: query.mode ?? null,
    pageCode,
    device: deviceFor(page.pathname, page.viewportWidth),
    // The order detail pages are the receipt with the dashboard as its way on.
    legacyForced: query.showLegacyOrderConfirmation === true || isOrderDetailPage(pageCode),
    dashboardForced: query.isFeedBackTool === true,
    freeTrial: query.purchaseft === true,
    inAffiliateFrame: page.framed,
    docType: query.doctype ?? null,
    attribution: attributionFrom(page.cookieHeader),
  };
}
