import { describe, expect, it } from 'vitest';
import { buildSkus, PORTALS, type SkuSeed } from '../../server/db/seed/catalog';
import { catalogueTextsFor, productNameFor } from '../../server/domain/product-catalogue';
import {
  PRODUCT_KEYS,
  productDescription,
  productIncludes,
  productKeyOf,
  productName,
  renewalKindOf,
  renewalSentence,
  subscriptionIdentity,
  transactionIdentity,
  type ProductKey,
  type RenewalTerms,
} from '../../src/domain/catalogue';
import { CULTURES } from '../../src/i18n/cultures';

const SEED = buildSkus();
const SEED_PRODUCTS = SEED.filter((s) => s.portal_id === 1);
const termsOf = (s: SkuSeed): RenewalTerms => ({
  ProductID: s.product_id,
  TrialDays: s.trial_days,
  UnitPrice: s.unit_price,
  ScheduleTypeCD: s.schedule_type_cd,
  Duration: s.duration,
  SubscriptionTypeCD: s.subscription_type_cd,
  CurrencyCD: s.currency_cd,
});
const skuIdentityOf = (s: SkuSeed) => ({
  productId: s.product_id,
  skuType: s.sku_type_cd,
  planKind: s.plan_kind,
  schedule: s.schedule_type_cd,
  duration: s.duration,
  label: s.label,
});
const keyOfSeed = (s: SkuSeed): ProductKey => productKeyOf(skuIdentityOf(s))!;
const seedOf = (key: ProductKey, portalId = 1): SkuSeed =>
  SEED.find((s) => s.portal_id === portalId && keyOfSeed(s) === key)!;

describe('the product catalogue', () => {
  it('knows every product of the seed catalogue, one key each, however a response describes it', () => {
    const keys = SEED_PRODUCTS.map(keyOfSeed);
    expect(keys.every((key) => PRODUCT_KEYS.includes(key))).toBe(true);
    expect(new Set(keys).size).toBe(SEED_PRODUCTS.length);
    for (const s of SEED) {
      const key = keyOfSeed(s);
      // A transaction carries product id, sku type and label; a subscription or a cancellation the label and plan kind.
      expect(
        productKeyOf(transactionIdentity({ product_id: s.product_id, type_cd: s.sku_type_cd, label: s.label })),
        s.label,
      ).toBe(key);
      expect(productKeyOf(subscriptionIdentity({ SkuLabel: s.label, PlanKind: s.plan_kind })), s.label).toBe(key);
      expect(productKeyOf({ label: s.label }), s.label).toBe(key);
    }
  });

  it.each(CULTURES)(
    'in %s, every product of the seed catalogue has a name, a description, what it includes and a renewal sentence',
    (culture) => {
      const t = catalogueTextsFor(culture);
      for (const s of SEED_PRODUCTS) {
        const key = keyOfSeed(s);
        for (const text of [
          productName(t, skuIdentityOf(s)),
          productDescription(t, key),
          renewalSentence(t, termsOf(s), culture),
        ]) {
          expect(text, `${culture} ${key}`).toMatch(/\S/);
          expect(text, `${culture} ${key}`).not.toMatch(/^product\.|^renewal\.|\{\{|RSMBLD|SUBS/);
        }
        expect(productIncludes(t, key).length, `${culture} ${key}`).toBeGreaterThan(0);
      }
    },
  );

  it('names every product in German otherwise than in English, and never by its stored English label', () => {
    for (const s of SEED_PRODUCTS) {
      const german = productNameFor('de-DE', skuIdentityOf(s));
      expect(german, s.label).not.toBe(productNameFor('en-US', skuIdentityOf(s)));
      expect(german, s.label).not.toBe(s.label);
    }
    expect(productNameFor('de-DE', { label: '14-Day Full Access' })).toBe('Vollzugang');
    expect(productNameFor('de-DE', { label: 'Monthly Access', planKind: 'Monthly' })).toBe('Monatszugang');
  });

  it('names what it does not know as a plan or a purchase, never by an internal code', () => {
    expect(productNameFor('de-DE', { label: 'Platinum Access' })).toBe('Ihr Abo');
    expect(productNameFor('en-US', { productId: 'NEWTHING', skuType: 'SING', label: 'New Thing' })).toBe(
      'Your purchase',
    );
  });
});

describe('renewal sentences, per plan kind', () => {
  const sentence = (culture: string, key: ProductKey, portalId: number) =>
    renewalSentence(catalogueTextsFor(culture), termsOf(seedOf(key, portalId)), culture);
  const US = 1;
  const DE = PORTALS.find((p) => p.culture_cd === 'de-DE')!.portal_id;

  it.each<[ProductKey, string, string]>([
    [
      'fullTrial',
      'After 14 days it renews at $23.95 every month until you cancel.',
      'Nach 14 Tagen verlängert sich das Abo jeden Monat zu 24,95 €, bis Sie es kündigen.',
    ],
    [
      'limitedTrial',
      'After 14 days it renews at $23.95 every month until you cancel.',
      'Nach 14 Tagen verlängert sich das Abo jeden Monat zu 24,95 €, bis Sie es kündigen.',
    ],
    [
      'monthly',
      'It renews at $23.95 every month until you cancel.',
      'Das Abo verlängert sich jeden Monat zu 24,95 €, bis Sie es kündigen.',
    ],
    [
      'quarterly',
      'It renews at $59.85 every 3 months until you cancel.',
      'Das Abo verlängert sich alle 3 Monate zu 62,85 €, bis Sie es kündigen.',
    ],
    [
      'semiAnnual',
      'It renews at $95.70 every 6 months until you cancel.',
      'Das Abo verlängert sich alle 6 Monate zu 101,70 €, bis Sie es kündigen.',
    ],
    [
      'yearly',
      'It renews at $155.40 every year until you cancel.',
      'Das Abo verlängert sich jedes Jahr zu 161,40 €, bis Sie es kündigen.',
    ],
    [
      'twoWeek',
      'It renews at $11.95 every 2 weeks until you cancel.',
      'Das Abo verlängert sich alle 2 Wochen zu 12,95 €, bis Sie es kündigen.',
    ],
    [
      'winbackMonthly',
      'It renews at $11.95 every month until you cancel.',
      'Das Abo verlängert sich jeden Monat zu 12,45 €, bis Sie es kündigen.',
    ],
    // The annual plans are bought once for a year (subscription type EXPR): they say they do not renew.
    [
      'annual',
      'One payment of $59.40 for 1 year. It does not renew.',
      'Einmalzahlung von 62,40 € für 1 Jahr. Kein Abo: Es verlängert sich nicht.',
    ],
    [
      'winbackAnnual',
      'One payment of $39.00 for 1 year. It does not renew.',
      'Einmalzahlung von 41,00 € für 1 Jahr. Kein Abo: Es verlängert sich nicht.',
    ],
    ['resumeReview', 'One payment of $19.95. Nothing renews.', 'Einmalzahlung von 19,95 €. Es verlängert sich nichts.'],
  ])('%s', (key, english, german) => {
    expect(sentence('en-US', key, US)).toBe(english);
    expect(sentence('de-DE', key, DE).replace(/\u00a0/g, ' ')).toBe(german);
  });

  it('tells a plan that renews by its subscription type, not by its name', () => {
    expect(renewalKindOf({ ProductID: 'RSMBLD', TrialDays: 14, SubscriptionTypeCD: 'AUTO' })).toBe('trial');
    expect(renewalKindOf({ ProductID: 'RSMBLD', TrialDays: 0, SubscriptionTypeCD: 'AUTO' })).toBe('recurring');
    expect(renewalKindOf({ ProductID: 'RSMBLD', TrialDays: 0, SubscriptionTypeCD: 'EXPR' })).toBe('once');
    expect(renewalKindOf({ ProductID: 'RSMRVW', TrialDays: 0, SubscriptionTypeCD: 'COMP' })).toBe('service');
  });
});
