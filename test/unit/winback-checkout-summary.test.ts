/**
 * Issue #51 item 6: a winback checkout names the welcome-back offer chosen and its terms, not the
 * plan tier's name ("Full Access $11.95" with no monthly terms).
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Sku } from '../../src/api/schemas/skus';
import { winbackSummaryOf } from '../../src/features/purchase-funnel/checkout/CheckoutTop';

const texts = (culture: string) => Object.fromEntries(['funnel', 'common'].map((ns) => [ns, JSON.parse(readFileSync(`src/i18n/locales/${culture}/${ns}.json`, 'utf8'))]));

async function tFor(culture: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { [culture]: texts(culture) }, lng: culture, fallbackLng: false, interpolation: { escapeValue: false } });
  return i18n.getFixedT(culture, 'funnel');
}

const sku = (overrides: Partial<Sku>): Sku =>
  ({
    SkuID: 130,
    ProductID: 'RSMBLD',
    Label: 'Welcome-Back Monthly',
    Title: 'Welcome Back',
    SkuTypeCD: 'REBT',
    ScheduleTypeCD: 'MNTH',
    Duration: 1,
    SubscriptionTypeCD: 'AUTO',
    PlanTier: 'fullAccess',
    TrialDays: 0,
    TrialAmount: 0,
    UnitPrice: 11.95,
    CurrencyCD: 'USD',
    ...overrides,
  }) as Sku;

describe('the winback checkout summary', () => {
  it('names the monthly welcome-back offer and says it renews every month until cancelled', async () => {
    expect(winbackSummaryOf(sku({}), await tFor('en-US'), 'en-US')).toEqual({ name: 'Welcome-Back Monthly', terms: '$11.95 per month, renews until you cancel' });
    expect(winbackSummaryOf(sku({ UnitPrice: 12.45, CurrencyCD: 'EUR' }), await tFor('de-DE'), 'de-DE')).toEqual({
      name: 'Welcome-Back Monthly',
      terms: '12,45\u00a0€ pro Monat, verlängert sich, bis Sie kündigen',
    });
  });

  it('says the annual offer, paid once, does not renew', async () => {
    const annual = sku({ SkuID: 131, Label: 'Welcome-Back Annual', ScheduleTypeCD: 'YRLY', SubscriptionTypeCD: 'EXPR', PlanTier: 'annualAccess', UnitPrice: 39 });
    expect(winbackSummaryOf(annual, await tFor('en-US'), 'en-US')).toEqual({ name: 'Welcome-Back Annual', terms: '$39.00 paid once for one year; it does not renew' });
  });

  it('leaves every other plan to the regular summary', async () => {
    expect(winbackSummaryOf(sku({ SkuTypeCD: 'SUBS', Label: '14-Day Full Access' }), await tFor('en-US'), 'en-US')).toBeNull();
  });
});
