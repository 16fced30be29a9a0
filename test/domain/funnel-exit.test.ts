import { describe, expect, it } from 'vitest';
import { funnelExit, type FunnelExitSettings } from '../../src/domain/funnel-exit';
import { hrefOfDestination } from '../../src/routing/route-target';
import { PAYMENT } from '../machines/fixtures/purchase-funnel';

const settings: FunnelExitSettings = {
  dashboardUrl: '/dashboard',
  device: 'Desktop',
  checkout: '/checkout',
  commonPostPaymentUrl: false,
  coverLetterDoctype: false,
};
/** Where the exit leads, as an address: the typed targets must spell the same URLs as ever. */
const funnelExitUrl = (...a: Parameters<typeof funnelExit>) => {
  const exit = funnelExit(...a);
  return exit && hrefOfDestination(exit);
};
const plan = { SkuID: 102, ProductID: 'RSMBLD', PlanTier: 'fullAccess' as const };

describe('where a finished funnel leads', () => {
  it('a paid plan goes to the order confirmation for that order, on mobile the mobile one', () => {
    const paid = { kind: 'paid' as const, payment: { ...PAYMENT, transactionId: 71 }, sku: plan };
    expect(funnelExitUrl(paid, settings)).toBe('/payment/orderconfirmation?orderid=71&skuid=102');
    expect(funnelExitUrl(paid, { ...settings, device: 'Mobile' })).toBe(
      '/payment/mobile/orderconfirmation?orderid=71&skuid=102',
    );
    expect(funnelExitUrl(paid, { ...settings, commonPostPaymentUrl: true })).toBe(
      '/payment/confirmation/detail?orderid=71&skuid=102',
    );
  });

  it('another product paid from the funnel goes where it is used, with the cover-letter doc type when configured', () => {
    const paid = { kind: 'paid' as const, payment: PAYMENT, sku: { SkuID: 9, ProductID: 'OTHER', PlanTier: null } };
    expect(funnelExitUrl(paid, { ...settings, coverLetterDoctype: true })).toBe('/dashboard?doctype=LETR');
    expect(funnelExitUrl(paid, { ...settings, device: 'Mobile' })).toBe('/dashboard?device=mobile');
  });

  it.each([
    ['RSMRVW', '/payment/resume-review?orderid=71&skuid=120', '/payment/mobile/orderconfirmation?orderid=71&skuid=120'],
    [
      'RSTUNE',
      '/payment/orderconfirmation?orderid=71&skuid=120',
      '/payment/mobile/orderconfirmation?orderid=71&skuid=120',
    ],
    [
      'RSWRIT',
      '/payment/orderconfirmation?orderid=71&skuid=120',
      '/payment/mobile/orderconfirmation?orderid=71&skuid=120',
    ],
    [
      'CLWRIT',
      '/payment/orderconfirmation?orderid=71&skuid=120',
      '/payment/mobile/orderconfirmation?orderid=71&skuid=120',
    ],
  ])('a service (%s) bought at checkout: %s on desktop, %s on mobile', (productId, desktop, mobile) => {
    const paid = {
      kind: 'paid' as const,
      payment: { ...PAYMENT, transactionId: 71 },
      sku: { SkuID: 120, ProductID: productId, PlanTier: null },
    };
    expect(funnelExitUrl(paid, settings)).toBe(desktop);
    expect(funnelExitUrl(paid, { ...settings, device: 'Mobile' })).toBe(mobile);
  });

  it('a guest signs in and comes back to checkout with the plan, whatever query the dashboard address has', () => {
    expect(funnelExitUrl({ kind: 'signIn', skuId: 103 }, settings)).toBe(
      '/dashboard?next=%2Fpayment%2Fcheckout%3Fskuid%3D103',
    );
    expect(
      funnelExitUrl(
        { kind: 'signIn', skuId: 103 },
        { ...settings, dashboardUrl: '/app?tab=1', checkout: '/secure/mobile/checkout' },
      ),
    ).toBe('/app?tab=1&next=%2Fpayment%2Fsecure%2Fmobile%2Fcheckout%3Fskuid%3D103');
  });

  it('a payment provider takes over; someone with a plan stays', () => {
    expect(funnelExitUrl({ kind: 'redirect', url: 'http://127.0.0.1:8080/sandbox/apm?t=9' }, settings)).toBe(
      'http://127.0.0.1:8080/sandbox/apm?t=9',
    );
    expect(funnelExitUrl({ kind: 'alreadySubscribed' }, settings)).toBeNull();
  });
});
