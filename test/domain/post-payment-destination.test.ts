import { describe, expect, it } from 'vitest';
import {
  postPaymentDestination,
  serviceIntakeTarget,
  type DestinationInput,
} from '../../src/domain/post-payment-destination';
import { hrefOf, hrefOfDestination } from '../../src/routing/route-target';

const base: DestinationInput = {
  productId: 'RSMBLD',
  isAccessPlan: true,
  device: 'Desktop',
  commonPostPaymentUrl: false,
  coverLetterDoctype: false,
  dashboardUrl: 'https://builder.example/dashboard',
  mobileDashboardUrl: 'https://builder.example/mobile/dashboard',
  profileEditorUrl: 'https://builder.example/profile/editor',
  orderQuery: { orderid: '42', skuid: '103' },
};

describe('post-payment destination (spec §2 "Order confirmation")', () => {
  it.each([
    ['an access plan on desktop', {}, 'orderConfirmation', '/payment/orderconfirmation?orderid=42&skuid=103'],
    [
      'an access plan on mobile',
      { device: 'Mobile' },
      'orderConfirmation',
      '/payment/mobile/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'an access plan on a tablet counts as desktop',
      { device: 'Tablet' },
      'orderConfirmation',
      '/payment/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'the common post-payment setting wins over everything',
      { commonPostPaymentUrl: true, productId: 'BOLDPRO', isAccessPlan: false },
      'confirmationDetail',
      '/payment/confirmation/detail?orderid=42&skuid=103',
    ],
    [
      'a resume review on desktop goes to the intake',
      { productId: 'RSMRVW', isAccessPlan: false },
      'reviewIntake',
      '/payment/resume-review?orderid=42&skuid=103',
    ],
    [
      'a resume review on mobile goes to the mobile confirmation',
      { productId: 'RSMRVW', isAccessPlan: false, device: 'Mobile' },
      'orderConfirmation',
      '/payment/mobile/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'resume writing',
      { productId: 'RSWRIT', isAccessPlan: false },
      'orderConfirmation',
      '/payment/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'cover-letter writing, UK market variant, mobile',
      { productId: 'clwrit-uk', isAccessPlan: false, device: 'Mobile' },
      'orderConfirmation',
      '/payment/mobile/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'a tune-up',
      { productId: 'RSTUNE', isAccessPlan: false },
      'orderConfirmation',
      '/payment/orderconfirmation?orderid=42&skuid=103',
    ],
    [
      'Bold Pro opens the profile editor',
      { productId: 'BOLDPRO', isAccessPlan: false },
      'profileEditor',
      'https://builder.example/profile/editor',
    ],
    [
      'anything else goes to the dashboard',
      { productId: 'SOCCARD', isAccessPlan: false },
      'dashboard',
      'https://builder.example/dashboard',
    ],
    [
      'anything else on mobile goes to the mobile dashboard',
      { productId: 'SOCCARD', isAccessPlan: false, device: 'Mobile' },
      'dashboard',
      'https://builder.example/mobile/dashboard',
    ],
    [
      'the cover-letter doc type is appended when configured',
      { productId: 'SOCCARD', isAccessPlan: false, coverLetterDoctype: true },
      'dashboard',
      'https://builder.example/dashboard?doctype=LETR',
    ],
    [
      '…after an existing query',
      { productId: 'SOCCARD', isAccessPlan: false, coverLetterDoctype: true, dashboardUrl: '/dashboard?from=pay' },
      'dashboard',
      '/dashboard?from=pay&doctype=LETR',
    ],
    [
      'a product that merely starts like a service is not one',
      { productId: 'RSWRITER', isAccessPlan: false },
      'dashboard',
      'https://builder.example/dashboard',
    ],
  ] as const)('%s', (_, overrides, kind, url) => {
    const destination = postPaymentDestination({ ...base, ...overrides });
    expect({ kind: destination.kind, url: hrefOfDestination(destination.to) }).toEqual({ kind, url });
  });

  it('encodes the order query and leaves out empty values', () => {
    expect(
      hrefOfDestination(postPaymentDestination({ ...base, orderQuery: { orderid: '42', flow: '', note: 'a&b c' } }).to),
    ).toBe('/payment/orderconfirmation?orderid=42&note=a%26b%20c');
  });
});

describe('the intake a bought service leads to (spec §2 "Other screens": chosen by product id)', () => {
  it.each([
    ['RSMRVW', 42, '/payment/resume-review?orderid=42'],
    ['RSTUNE', 42, '/payment/resume-tuneup?orderid=42'],
    ['rswrit-uk', 42, '/payment/resume-writing?orderid=42'],
    ['CLWRIT', null, '/payment/cover-letter-writing'],
    ['RSMBLD', 42, null],
    ['BOLDPRO', 42, null],
    [null, 42, null],
  ] as const)('%s (order %s) → %s', (product, orderId, url) => {
    const target = serviceIntakeTarget(product, orderId);
    expect(target && hrefOf(target)).toBe(url);
  });
});

describe('every service bought at checkout lands where the destination rules say', () => {
  const services = {
    RSMRVW: ['reviewIntake', 'orderConfirmation'],
    RSTUNE: ['orderConfirmation', 'orderConfirmation'],
    RSWRIT: ['orderConfirmation', 'orderConfirmation'],
    CLWRIT: ['orderConfirmation', 'orderConfirmation'],
  } as const;
  it.each(Object.entries(services))('%s: desktop %o, then mobile', (productId, [desktop, mobile]) => {
    expect(postPaymentDestination({ ...base, productId, isAccessPlan: false }).kind).toBe(desktop);
    const onMobile = postPaymentDestination({ ...base, productId, isAccessPlan: false, device: 'Mobile' });
    expect({ kind: onMobile.kind, url: hrefOfDestination(onMobile.to) }).toEqual({
      kind: mobile,
      url: '/payment/mobile/orderconfirmation?orderid=42&skuid=103',
    });
    expect(postPaymentDestination({ ...base, productId, isAccessPlan: false, commonPostPaymentUrl: true }).kind).toBe(
      'confirmationDetail',
    );
  });
});
