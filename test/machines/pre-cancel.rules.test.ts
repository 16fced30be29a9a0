import { describe, expect, it } from 'vitest';
import {
  HOLDOUT_VARIATION,
  KEEP_FIRST_VARIATION,
  ONE_CLICK_VARIATION,
  cancelButtonOrder,
  cancellationStrategyOf,
  singleSaveOfferOf,
  cancelFlowArm,
  complaintVariantOf,
  showsFeatureBasedPage,
  showsSingleSaveOffer,
  stepAfterCancel,
} from '../../machines/pre-cancel.rules';

describe('pre-cancel rules', () => {
  it.each([
    ['Desktop', null, ['cancel', 'keep']],
    ['Desktop', 1, ['cancel', 'keep']],
    ['Desktop', KEEP_FIRST_VARIATION, ['keep', 'cancel']],
    ['Mobile', null, ['keep', 'cancel']],
    ['Mobile', 1, ['keep', 'cancel']],
  ] as const)('on %s with button-order variation %s the buttons stand %j', (device, variation, order) => {
    expect(cancelButtonOrder(device, variation)).toEqual(order);
  });

  it.each([
    [true, 'US', true],
    [true, 'us', true],
    [true, 'DE', false],
    [false, 'US', false],
  ])('feature-based page with the flag %s in %s: %s', (flag, country, shown) => {
    expect(showsFeatureBasedPage(flag, country)).toBe(shown);
  });

  const offered = { offerAvailable: true, holdout: false, strategy: 'Default', hideOfferInOneClick: true } as const;
  it.each([
    ['an offer to redeem, default strategy', offered, true],
    ['none left to redeem', { ...offered, offerAvailable: false }, false],
    ['the holdout', { ...offered, holdout: true }, false],
    ['one-click set to hide it', { ...offered, strategy: 'OneClick' }, false],
    ['one-click not set to hide it', { ...offered, strategy: 'OneClick', hideOfferInOneClick: false }, true],
  ] as const)('single save offer with %s: %s', (_, audience, shown) => {
    expect(showsSingleSaveOffer(audience)).toBe(shown);
  });

  it('cancel leads to the survey by default and straight to the confirmation in one-click', () => {
    expect(stepAfterCancel('Default')).toBe('survey');
    expect(stepAfterCancel('OneClick')).toBe('confirm');
  });

  it('one variation of the cancel flow is the holdout; any other, or none, sees offers', () => {
    expect(cancelFlowArm(HOLDOUT_VARIATION)).toBe('holdout');
    for (const variation of [null, 1, 3, 4]) expect(cancelFlowArm(variation)).toBe('offers');
  });

  it('a complaint variant unknown to the app shows none', () => {
    expect(complaintVariantOf('technicalProblem')).toBe('technicalProblem');
    expect(complaintVariantOf('billingProblem')).toBe('billingProblem');
    for (const unknown of ['constructor', '', null, 3, undefined]) expect(complaintVariantOf(unknown)).toBe('none');
  });

  it.each([
    ['Default', null, 'Default'],
    ['Default', ONE_CLICK_VARIATION, 'OneClick'],
    ['OneClick', 1, 'OneClick'],
    [undefined, HOLDOUT_VARIATION, 'Default'],
    ['oneclick', null, 'Default'],
  ] as const)('configured %s in cancel-flow variation %s: %s', (configured, variation, strategy) => {
    expect(cancellationStrategyOf(configured, variation)).toBe(strategy);
  });

  it('puts forward only the configured offer, and only while it can be taken', () => {
    const offers = [
      { OfferID: 'halfOffNextRenewal', Redeemable: true },
      { OfferID: 'freeMonth', Redeemable: true },
    ];
    expect(singleSaveOfferOf(offers, 'freeMonth')).toBe(offers[1]);
    expect(
      singleSaveOfferOf(
        offers.map((o) => ({ ...o, Redeemable: false })),
        'freeMonth',
      ),
    ).toBeNull();
    expect(singleSaveOfferOf(offers, 'noSuchOffer')).toBeNull();
    expect(singleSaveOfferOf(offers, undefined)).toBeNull();
  });
});
