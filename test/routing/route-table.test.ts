import { describe, expect, it } from 'vitest';
import {
  checkoutRoute,
  findRoute,
  GUEST_PAGE_CODES,
  isMobilePath,
  pageCodeFor,
  routePathsOf,
  ROUTES,
} from '../../src/routing/route-table';
import { hrefOf } from '../../src/routing/route-target';

const SPEC_PAGE_CODES =
  'Others, IndexPage, PricingPage, SellPage, CheckoutPage, OrderPage, SaveOfferOrderPage, MobileSellPage, MobileCheckoutPage, MobileOrderPage, SaveOfferPage, ResumeWritingPage, CLWritingAddOnPage, AuthCLWritingAddOnPage, ResumeReviewPage, CoverLetterWritingPage, ResumeTuneupPage, MYSET, PrecancelPage, SubscriptionError, AbdCartSellPage, BillingProblem, ResumeReviewUpsell, ResumeUpsell, BoldProUpsell, CancellationSurvey, CancellationRating, CancellationReview, PreCancellationSurvey, CancellationConfirmation, BillingHistory, TransactionDetail, SocialCardUpsell, CalmUpsell, CancellationRequest, CancellationReceived, ManageSubscription, ManageSubscriptionDetails, WinBackLP, PriceInfo, Offers, FinalizePage, BigInterviewOrderConfirmation, BigInterviewUpsell, Processing, UpsellOffersSurvey, UpsellOffers, ChangePaymentMethod, MultipleOffer, PricingV2, PurchaseConfirmation, FeedBackTool, PreCancelPageWithSubscriptionDetails, UpsellAiTool, Confirmation, ConfirmationDetails, WinbackPage'.split(
    ', ',
  );

describe('the route table', () => {
  it('gives every route a known page code and a unique path', () => {
    for (const route of ROUTES) expect(SPEC_PAGE_CODES, route.id).toContain(route.pageCode);
    const paths = ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a unique id, the key of its page', () => {
    const ids = ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves a route at its own path, then its aliases, as the router spells them', () => {
    expect(routePathsOf(findRoute('/payment/checkout')!)).toEqual(['/checkout', '/secure/checkout']);
    expect(routePathsOf(findRoute('/payment/pricing')!)).toEqual(['/pricing']);
  });

  it.each([
    ['/payment/pricing', 'PricingPage'],
    ['/payment/mobile/plans', 'MobileSellPage'],
    ['/payment/cancellation/request', 'CancellationRequest'],
    ['/payment/cancellation/abo-kuendigen', 'CancellationRequest'],
    ['/payment/cancellation/received', 'CancellationReceived'],
    ['/payment/transactions/700123/detail', 'TransactionDetail'],
    ['/payment/secure/checkout', 'CheckoutPage'],
    ['/payment/mysettings/', 'MYSET'],
    ['/payment/no-such-page', 'SellPage'],
    ['/payment/', 'SellPage'],
  ])('%s has page code %s', (path, code) => {
    expect(pageCodeFor(path)).toBe(code);
  });

  it('matches parameters in paths', () => {
    expect(findRoute('/payment/transactions/abc/detail')?.id).toBe('transactionDetail');
    expect(findRoute('/payment/transactions/abc')).toBeUndefined();
  });

  it.each([
    ['/payment/mobile/checkout', true],
    ['/payment/mobile/orderconfirmation', true],
    ['/payment/checkout', false],
    ['/payment/automobile/checkout', false],
  ])('%s is mobile: %s', (path, mobile) => {
    expect(isMobilePath(path)).toBe(mobile);
  });

  it('opens the cancellation request, its received page and the sell page to guests, and nothing of the account', () => {
    expect(GUEST_PAGE_CODES).toEqual(
      expect.arrayContaining(['CancellationRequest', 'CancellationReceived', 'PricingPage']),
    );
    expect(GUEST_PAGE_CODES).not.toContain('MYSET');
    expect(GUEST_PAGE_CODES).not.toContain('BillingHistory');
  });

  it.each([
    [true, false, '/payment/checkout'],
    [true, true, '/payment/mobile/checkout'],
    [false, false, '/payment/secure/checkout'],
    [false, true, '/payment/secure/mobile/checkout'],
  ])('checkout path, migrated %s, mobile %s: %s', (migrated, mobile, path) => {
    expect(hrefOf({ to: checkoutRoute(migrated, mobile) })).toBe(path);
    expect(findRoute(path)?.pageCode).toBe(mobile ? 'MobileCheckoutPage' : 'CheckoutPage');
  });
});
