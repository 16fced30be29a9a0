import { describe, expect, it } from 'vitest';
import { NBSP } from '../../src/domain/money';
import {
  LOW_INTENT_FALLBACK_PRICES,
  formatStrikePrice,
  lowIntentStrikePrice,
  strikePricesFromConfig,
} from '../../src/domain/low-intent-price';

/** How the text looks: the no-break space shown as a plain space. */
const looks = (s: string) => s.replace(/\u00a0/g, ' ');

describe('§9 low-intent fallback strike-through prices', () => {
  const rows: [string, string, number, string][] = [
    ['GBP', 'en-GB', 19.95, '£19.95'],
    ['SAR', 'en-US', 94.95, '94.95 SAR'],
    ['USD', 'en-US', 25.95, '$25.95'],
    ['EUR', 'en-US', 24.95, '24.95€'],
    ['AED', 'en-US', 92.95, '92.95 AED'],
    ['INR', 'en-IN', 2182.95, '₹2,182.95'],
    ['AUD', 'en-US', 39.95, 'A$39.95'],
    ['NZD', 'en-US', 43.95, 'NZ$43.95'],
    ['SGD', 'en-US', 33.95, 'S$33.95'],
    ['CHF', 'en-US', 26.95, 'CHF 26.95'],
    ['CAD', 'en-CA', 34.95, '$34.95'],
    ['JPY', 'en-US', 3371.95, '¥3,371.95'],
  ];
  it.each(rows)('%s in %s: %s → %s', (currency, culture, amount, expected) => {
    const price = lowIntentStrikePrice(currency);
    expect(price).toEqual({ amount, currency });
    expect(looks(formatStrikePrice(price, culture))).toBe(expected);
  });

  it('the table has the twelve currencies and nothing else', () => {
    expect(Object.keys(LOW_INTENT_FALLBACK_PRICES).sort()).toEqual(rows.map(([c]) => c).sort());
  });

  it('the space for SAR, AED and CHF is a no-break space; no other currency gets one', () => {
    expect(formatStrikePrice(lowIntentStrikePrice('SAR'), 'en-US')).toBe(`94.95${NBSP}SAR`);
    expect(formatStrikePrice(lowIntentStrikePrice('AED'), 'en-US')).toBe(`92.95${NBSP}AED`);
    expect(formatStrikePrice(lowIntentStrikePrice('CHF'), 'en-US')).toBe(`CHF${NBSP}26.95`);
    for (const currency of ['GBP', 'USD', 'EUR', 'INR', 'AUD', 'NZD', 'SGD', 'CAD', 'JPY']) {
      expect(formatStrikePrice(lowIntentStrikePrice(currency), 'en-US'), currency).not.toMatch(/\s/);
    }
  });

  it('the culture writes the digits; the symbol rule stays', () => {
    expect(formatStrikePrice(lowIntentStrikePrice('EUR'), 'de-DE')).toBe('24,95€');
    expect(formatStrikePrice(lowIntentStrikePrice('EUR'), 'fr-FR')).toBe('24,95€');
    expect(looks(formatStrikePrice(lowIntentStrikePrice('CHF'), 'de-DE'))).toBe('CHF 26,95');
  });

  it.each([
    ['an unknown currency', 'XYZ'],
    ['no currency', null],
    ['an empty currency', ' '],
  ])('%s gets the euro default', (_name, currency) => {
    const price = lowIntentStrikePrice(currency);
    expect(price).toEqual({ amount: 24.95, currency: 'EUR' });
    expect(formatStrikePrice(price, 'en-US')).toBe('24.95€');
  });

  it('currency codes are read trimmed and in any case', () => {
    expect(lowIntentStrikePrice(' gbp ')).toEqual({ amount: 19.95, currency: 'GBP' });
  });
});

describe('configuration overrides the defaults', () => {
  it.each([
    [
      'a configured price wins over the table',
      { strikePrices: { USD: 29.95 } },
      'USD',
      { amount: 29.95, currency: 'USD' },
    ],
    ['currency keys in any case', { strikePrices: { usd: 27.5 } }, 'USD', { amount: 27.5, currency: 'USD' }],
    ['a price written as text', { strikePrices: { GBP: '21.95' } }, 'GBP', { amount: 21.95, currency: 'GBP' }],
    ['a currency the table lacks', { strikePrices: { SEK: 249 } }, 'SEK', { amount: 249, currency: 'SEK' }],
    ['other currencies keep the table', { strikePrices: { USD: 29.95 } }, 'GBP', { amount: 19.95, currency: 'GBP' }],
    ['a zero price is ignored', { strikePrices: { USD: 0 } }, 'USD', { amount: 25.95, currency: 'USD' }],
    [
      'a price that is not a number is ignored',
      { strikePrices: { USD: 'free' } },
      'USD',
      { amount: 25.95, currency: 'USD' },
    ],
    ['a list instead of a map is ignored', { strikePrices: [29.95] }, 'USD', { amount: 25.95, currency: 'USD' }],
    ['no strikePrices', { offers: ['CVCheck'] }, 'USD', { amount: 25.95, currency: 'USD' }],
    ['no data', undefined, 'USD', { amount: 25.95, currency: 'USD' }],
  ])('%s', (_name, data, currency, expected) => {
    expect(lowIntentStrikePrice(currency, data)).toEqual(expected);
  });

  it('a configured price is formatted like the others', () => {
    expect(formatStrikePrice(lowIntentStrikePrice('EUR', { strikePrices: { EUR: 1234.5 } }), 'de-DE')).toBe(
      '1.234,50€',
    );
  });

  it('only positive amounts are kept from the config map', () => {
    expect(strikePricesFromConfig({ strikePrices: { USD: 10, EUR: -1, GBP: null, '': 5 } })).toEqual({ USD: 10 });
  });
});
