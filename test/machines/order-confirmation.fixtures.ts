import type { ConfirmationRequest, ConfirmedOrder } from '../../machines/order-confirmation.rules';

/** A desktop visitor on /payment/orderconfirmation?orderid=5001&skuid=4, outside any frame. */
export const confirmationRequest = (overrides: Partial<ConfirmationRequest> = {}): ConfirmationRequest => ({
  orderId: 5001,
  skuId: 4,
  flow: null,
  mode: null,
  pageCode: 'OrderPage',
  device: 'Desktop',
  legacyForced: false,
  dashboardForced: false,
  freeTrial: false,
  inAffiliateFrame: false,
  docType: null,
  attribution: { campaignId: null, templateId: null },
  ...overrides,
});

/** A successful card sale of the monthly plan. */
export const confirmedOrder = (overrides: Partial<ConfirmedOrder> = {}): ConfirmedOrder => ({
  orderId: 5001,
  skuId: 4,
  transactionType: 'SALE',
  statusCD: 'SUCC',
  productId: 'RSMBLD',
  skuLabel: 'Monthly Access',
  skuTypeCD: 'SUBS',
  offering: 'Monthly',
  planTier: 'fullAccess',
  upsellCode: null,
  purchasedAt: '2026-11-20T10:00:00.000Z',
  price: 23.95,
  currencyCD: 'USD',
  paymentMethod: 'CRCD',
  cardType: 'MASTERCARD',
  lastCancellation: null,
  dataLayerEventName: null,
  emailId: 'c0ffee',
  ...overrides,
});
