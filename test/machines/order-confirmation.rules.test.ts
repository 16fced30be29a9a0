import { describe, expect, it } from 'vitest';
import {
  isWelcomeDue,
  welcomeKindOf,
  confirmationExit,
  builderTypeOf,
  confirmationVariant,
  failureOf,
  hasOrderId,
  isConfirmableOrder,
  isFirstShowOfOrder,
  offersContinue,
  offersWelcome,
  orderDataLayerFields,
  paymentConfirmedMessageType,
  postPaymentProperties,
  purchaseEvent,
  purchaseEventName,
  type ConfirmationRequest,
} from '../../machines/order-confirmation.rules';
import { confirmationRequest, confirmedOrder } from './order-confirmation.fixtures';

describe('the purchase event name (by flow, then by SKU type)', () => {
  it.each([
    [{}, 'SUBS', 'purchased initial'],
    [{}, null, 'purchased initial'],
    [{}, 'PLAN', 'purchased initial'],
    [{ flow: 'save' }, 'SUBS', 'purchased save offer'],
    [{ pageCode: 'SaveOfferOrderPage' }, 'SUBS', 'purchased save offer'],
    [{ flow: 'winback' }, 'SUBS', 'purchased winback'],
    [{ mode: 'winback' }, 'SUBS', 'purchased winback'],
    [{}, 'DISC', 'purchased save offer'],
    [{}, ' disc ', 'purchased save offer'],
    [{}, 'REBT', 'purchased winback'],
    [{ flow: 'save' }, 'REBT', 'purchased save offer'],
    [{ flow: 'winback' }, 'DISC', 'purchased winback'],
    [{ flow: 'letr' }, 'SUBS', 'purchased initial'],
  ] as [Partial<ConfirmationRequest>, string | null, string][])(
    'request %j with SKU type %j → %s',
    (request, skuType, name) => {
      expect(purchaseEventName(confirmationRequest(request), skuType)).toBe(name);
    },
  );
});

describe('the variant (legacy forced, save flow, mobile device, standard)', () => {
  it.each([
    [{}, 'standard', true],
    [{ device: 'Tablet' }, 'standard', true],
    [{ device: 'Mobile' }, 'mobile', true],
    [{ flow: 'save' }, 'saveFlow', false],
    [{ flow: 'save', device: 'Mobile' }, 'saveFlow', false],
    [{ pageCode: 'SaveOfferOrderPage' }, 'saveFlow', false],
    [{ flow: 'winback' }, 'standard', true],
    [{ legacyForced: true }, 'legacy', false],
    [{ legacyForced: true, flow: 'save', device: 'Mobile' }, 'legacy', false],
    [{ pageCode: 'PurchaseConfirmation' }, 'purchase', false],
    [{ pageCode: 'PurchaseConfirmation', device: 'Mobile' }, 'purchase', false],
    [{ pageCode: 'PurchaseConfirmation', flow: 'save' }, 'saveFlow', false],
    [{ pageCode: 'BigInterviewOrderConfirmation' }, 'bigInterview', false],
    [{ pageCode: 'BigInterviewOrderConfirmation', legacyForced: true }, 'legacy', false],
  ] as [Partial<ConfirmationRequest>, string, boolean][])(
    '%j → %s (welcome modal: %s)',
    (request, variant, welcome) => {
      const chosen = confirmationVariant(confirmationRequest(request));
      expect(chosen).toBe(variant);
      expect(offersWelcome(chosen)).toBe(welcome);
    },
  );
});

describe('which orders are confirmed', () => {
  it.each([
    ['SALE', 'SUCC', true],
    ['SALE', 'PEND', true],
    ['SALE', 'FAIL', false],
    ['RFND', 'SUCC', false],
  ])('%s %s → %s', (transactionType, statusCD, confirmable) => {
    expect(isConfirmableOrder({ transactionType, statusCD })).toBe(confirmable);
  });

  it.each([
    [5001, true],
    [1, true],
    [null, false],
    [0, false],
    [-3, false],
    [1.5, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
  ])('order id %j is usable: %s', (orderId, usable) => {
    expect(hasOrderId({ orderId })).toBe(usable);
  });

  it.each([
    [{ kind: 'notFound' }, 'notFound'],
    [{ kind: 'forbidden' }, 'notFound'],
    [{ kind: 'rejected' }, 'notFound'],
    [{ kind: 'network' }, 'unavailable'],
    [{ kind: 'timeout' }, 'unavailable'],
    [{ kind: 'server' }, 'unavailable'],
    [{ kind: 'invalidResponse' }, 'unavailable'],
    [new Error('boom'), 'unavailable'],
    [null, 'unavailable'],
  ])('a failure %j is %s', (error, failure) => {
    expect(failureOf(error)).toBe(failure);
  });

  it('reports an order only the first time it is shown', () => {
    expect(isFirstShowOfOrder(5001, [])).toBe(true);
    expect(isFirstShowOfOrder(5001, [5000, 5002])).toBe(true);
    expect(isFirstShowOfOrder(5001, [5000, 5001])).toBe(false);
  });
});

describe('post-payment properties', () => {
  it('names every property of §3 and leaves the card type off non-card payments', () => {
    const card = postPaymentProperties(confirmedOrder(), confirmationRequest());
    expect(Object.keys(card).sort()).toEqual(
      [
        'offering',
        'price',
        'mixPanelSkuId',
        'skuLabel',
        'currency',
        'builderType',
        'paymentMethod',
        'creditCardType',
        'LastCancellationRCStage',
        'DaysSinceCancellation',
      ].sort(),
    );
    expect(card.creditCardType).toBe('MASTERCARD');
    expect(
      postPaymentProperties(confirmedOrder({ paymentMethod: 'PYPL', cardType: 'VISA' }), confirmationRequest())
        .creditCardType,
    ).toBeNull();
  });

  it('carries the last cancellation of a returning customer', () => {
    const props = postPaymentProperties(
      confirmedOrder({ lastCancellation: { stage: 'EXPD', daysSince: 46 } }),
      confirmationRequest(),
    );
    expect(props).toMatchObject({ LastCancellationRCStage: 'EXPD', DaysSinceCancellation: 46 });
  });

  it.each([
    [null, 'resume'],
    ['RSME', 'resume'],
    ['LETR', 'coverLetter'],
    ['letr,RSME', 'coverLetter'],
    ['RSME,LETR', 'resume'],
  ])('doctype %j is the %s builder', (docType, builder) => {
    expect(builderTypeOf(docType)).toBe(builder);
  });

  it('adds Iterable campaign and template ids to an initial purchase only', () => {
    const attribution = { campaignId: '9911', templateId: null };
    expect(purchaseEvent(confirmedOrder(), confirmationRequest({ attribution })).props).toMatchObject({
      campaignId: '9911',
      TransactionID: 5001,
    });
    expect(purchaseEvent(confirmedOrder(), confirmationRequest({ attribution })).props).not.toHaveProperty(
      'templateId',
    );
    expect(
      purchaseEvent(confirmedOrder(), confirmationRequest({ attribution, flow: 'save' })).props,
    ).not.toHaveProperty('campaignId');
  });
});

describe('the data-layer fields', () => {
  it.each([
    [null, 'orderConfirmation'],
    ['  ', 'orderConfirmation'],
    ['purchaseComplete', 'purchaseComplete'],
  ])('configured event name %j → %s', (configured, eventName) => {
    expect(orderDataLayerFields(confirmedOrder({ dataLayerEventName: configured })).eventName).toBe(eventName);
  });

  it('takes the transaction, price, product, hashed e-mail and currency from the order', () => {
    expect(orderDataLayerFields(confirmedOrder({ orderId: 77, price: 2.95, currencyCD: 'GBP' }))).toEqual({
      eventName: 'orderConfirmation',
      transactionId: 77,
      price: 2.95,
      productId: 'RSMBLD',
      emailId: 'c0ffee',
      currencyCode: 'GBP',
    });
  });
});

describe('the affiliate parent message', () => {
  it.each([
    [false, 'iframe-paymentconfirmed'],
    [true, 'iframe-freeTrial-paymentconfirmed'],
  ])('purchaseft present: %s → %s', (freeTrial, type) => {
    expect(paymentConfirmedMessageType({ freeTrial })).toBe(type);
  });
});

describe('where the person goes after the confirmation', () => {
  it.each([
    ['continue', false, 'upsells'],
    ['continue', true, 'dashboard'],
    ['dashboard', false, 'dashboard'],
    ['dashboard', true, 'dashboard'],
  ] as const)('left by %s with isFeedBackTool %s: %s', (leftBy, dashboardForced, exit) => {
    expect(confirmationExit({ leftBy, dashboardForced })).toBe(exit);
  });

  it.each([
    ['continue', false, 'bigInterview', 'bigInterviewOffers'],
    ['continue', true, 'bigInterview', 'dashboard'],
    ['dashboard', false, 'bigInterview', 'dashboard'],
    ['continue', false, 'purchase', 'upsells'],
  ] as const)('left by %s with isFeedBackTool %s from the %s page: %s', (leftBy, dashboardForced, variant, exit) => {
    expect(confirmationExit({ leftBy, dashboardForced, variant })).toBe(exit);
  });

  it('isFeedBackTool takes continue away: the dashboard is the only way on', () => {
    expect(offersContinue(confirmationRequest({ dashboardForced: true }))).toBe(false);
    expect(offersContinue(confirmationRequest({}))).toBe(true);
  });
});

describe('which welcome a purchase gets (welcomeKindOf)', () => {
  it.each([
    [{ productId: 'RSMBLD', planTier: 'fullAccess', upsellCode: null }, 'fullPlan'],
    [{ productId: 'RSMBLD', planTier: 'annualAccess', upsellCode: null }, 'fullPlan'],
    // Limited Access is sold as one resume: its welcome promises no more.
    [{ productId: 'RSMBLD', planTier: 'limitedAccess', upsellCode: null }, 'limitedPlan'],
    // A plan whose SKU is unknown gets a welcome that promises no amount.
    [{ productId: 'rsmbld', planTier: null, upsellCode: null }, 'plan'],
    // A one-off service bought on its own is a service, never a plan.
    [{ productId: 'RSMRVW', planTier: null, upsellCode: null }, 'service'],
    [{ productId: 'RSWRIT-UK', planTier: null, upsellCode: null }, 'service'],
    // An add-on bought in the upsell sequence: the plan's confirmation already welcomed the person.
    [{ productId: 'RSMRVW', planTier: null, upsellCode: 'DRR' }, null],
    [{ productId: 'SOCCARD', planTier: null, upsellCode: 'SCF' }, null],
  ] as const)('%j gets %s', (order, kind) => {
    expect(welcomeKindOf(order)).toBe(kind);
  });

  it('is due once per order, and never for a purchase that gets none', () => {
    const plan = { orderId: 7, productId: 'RSMBLD', planTier: 'limitedAccess', upsellCode: null };
    expect(isWelcomeDue(plan, [])).toBe(true);
    expect(isWelcomeDue(plan, [3, 7])).toBe(false);
    expect(isWelcomeDue({ ...plan, productId: 'RSMRVW', planTier: null, upsellCode: 'DRR' }, [])).toBe(false);
  });
});
