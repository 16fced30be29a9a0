import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SYMBOLS,
  NBSP,
  SCHEDULE_LABEL_KEYS,
  currencySymbol,
  formatClockTime,
  formatMoney,
  formatNumber,
  formatTime,
  scheduleLabel,
  type MoneyFormatOptions,
} from '../../src/domain/money';

/** How the text looks: every kind of space shown as a plain space. */
const looks = (s: string) => s.replace(/\s/g, ' ');

describe('§9 money: German euro amounts carry the symbol after the number', () => {
  it('19.95 EUR in de-DE is "19,95 €", with a no-break space', () => {
    expect(formatMoney(19.95, 'EUR', 'de-DE')).toBe(`19,95${NBSP}€`);
    expect(looks(formatMoney(19.95, 'EUR', 'de-DE'))).toBe('19,95 €');
  });
});

describe('§9 review price labels by currency', () => {
  const rows: [number, string, Partial<MoneyFormatOptions>, string][] = [
    [19.95, 'USD', {}, '$19.95'],
    [19.95, 'GBP', {}, '£19.95'],
    [19.95, 'EUR', {}, '19.95 €'],
    [395, 'INR', {}, '₹395.00'],
    [24.95, 'CAD', {}, '$24.95'],
    [24.95, 'AUD', {}, 'A$24.95'],
    [24.95, 'NZD', {}, 'NZ$24.95'],
    [19.95, 'SGD', {}, 'S$19.95'],
    [1995, 'JPY', { fractionDigits: 2 }, '¥1,995.00'],
    [19995, 'KRW', {}, '₩19,995'],
    [158, 'PHP', { fractionDigits: 0 }, '₱158'],
    [19.95, 'PEN', {}, 'S/19.95'],
  ];
  it.each(rows)('%s %s → %s', (amount, currency, options, expected) => {
    expect(looks(formatMoney(amount, currency, { culture: 'en-US', ...options }))).toBe(expected);
  });
});

describe('§9 symbol placement and spacing (low-intent fallback prices)', () => {
  const rows: [number, string, string, string][] = [
    [19.95, 'GBP', 'en-GB', '£19.95'],
    [94.95, 'SAR', 'en-US', '94.95 SAR'],
    [25.95, 'USD', 'en-US', '$25.95'],
    [24.95, 'EUR', 'fr-FR', '24,95 €'],
    [92.95, 'AED', 'en-US', '92.95 AED'],
    [2182.95, 'INR', 'en-IN', '₹2,182.95'],
    [39.95, 'AUD', 'en-US', 'A$39.95'],
    [26.95, 'CHF', 'de-CH', 'CHF 26.95'],
    [34.95, 'CAD', 'en-CA', '$34.95'],
    [3372, 'JPY', 'en-US', '¥3,372'],
  ];
  it.each(rows)('%s %s in %s → %s', (amount, currency, culture, expected) => {
    expect(looks(formatMoney(amount, currency, culture))).toBe(expected);
  });

  it('the space between symbol and number is a no-break space, and only where the rule says', () => {
    expect(formatMoney(94.95, 'SAR', 'en-US')).toBe(`94.95${NBSP}SAR`);
    expect(formatMoney(26.95, 'CHF', 'en-US')).toBe(`CHF${NBSP}26.95`);
    expect(formatMoney(19.95, 'USD', 'en-US')).not.toMatch(/\s/);
    expect(formatMoney(19.95, 'GBP', 'en-GB')).not.toMatch(/\s/);
  });

  it('an unknown currency shows its code, spaced', () => {
    expect(looks(formatMoney(5, 'XYZ', 'en-US'))).toBe('XYZ 5.00');
  });

  it('configuration overrides the defaults', () => {
    expect(
      looks(formatMoney(10, 'USD', { culture: 'en-US', symbol: 'US$', symbolPosition: 'after', space: true })),
    ).toBe('10.00 US$');
    expect(looks(formatMoney(10, 'EUR', { culture: 'en-IE', symbolPosition: 'before', space: false }))).toBe('€10.00');
  });

  it('a negative amount puts the minus sign first', () => {
    expect(looks(formatMoney(-5, 'USD', 'en-US'))).toBe('-$5.00');
    expect(looks(formatMoney(-5, 'EUR', 'de-DE'))).toBe('-5,00 €');
    expect(formatMoney(-0.001, 'USD', 'en-US')).toBe('$0.00');
  });

  it('a missing amount gives an empty string, not "NaN"', () => {
    expect(formatMoney(Number.NaN, 'USD', 'en-US')).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'USD', 'en-US')).toBe('');
  });

  it('an unknown culture falls back to en-US digits', () => {
    expect(looks(formatMoney(1234.5, 'USD', 'xx-invalid-culture-!!'))).toBe('$1,234.50');
  });
});

describe('§9 comma or space grouping per config', () => {
  const rows: [number, string, string, 'culture' | 'comma' | 'space', string][] = [
    [1234567.5, 'USD', 'en-US', 'culture', '$1,234,567.50'],
    [1234567.5, 'USD', 'en-US', 'space', '$1 234 567.50'],
    [1234567.5, 'USD', 'en-US', 'comma', '$1,234,567.50'],
    [1234.5, 'EUR', 'de-DE', 'culture', '1.234,50 €'],
    [1234.5, 'EUR', 'de-DE', 'space', '1 234,50 €'],
    [1234.5, 'EUR', 'de-DE', 'comma', '1,234.50 €'],
    [123456, 'INR', 'en-IN', 'culture', '₹1,23,456.00'],
  ];
  it.each(rows)('%s %s in %s, %s grouping → %s', (amount, currency, culture, grouping, expected) => {
    expect(looks(formatMoney(amount, currency, { culture, grouping }))).toBe(expected);
  });

  it('formatNumber uses the culture’s digits and the requested decimals', () => {
    expect(formatNumber(1234.567, { culture: 'de-DE', fractionDigits: 1 })).toBe('1.234,6');
    expect(formatNumber(2.5, { culture: 'en-US', fractionDigits: 0 })).toBe('3');
    expect(formatNumber(Number.NaN, { culture: 'en-US' })).toBe('');
  });
});

describe('currency symbol table', () => {
  it('has about 40 currencies', () => {
    expect(Object.keys(CURRENCY_SYMBOLS).length).toBeGreaterThanOrEqual(40);
  });
  it.each([
    ['usd', '$'],
    ['EUR', '€'],
    ['INR', '₹'],
    ['ILS', '₪'],
    ['HKD', 'HK$'],
    ['ABC', 'ABC'],
  ])('%s → %s', (c, symbol) => {
    expect(currencySymbol(c)).toBe(symbol);
  });
});

describe('§3 schedule labels, as i18n keys with a count', () => {
  it.each([
    ['WEEK', 1, 'schedule.unit.week', 1],
    ['WEEK', 2, 'schedule.counted.week', 2],
    ['MNTH', 1, 'schedule.unit.month', 1],
    ['MNTH', 3, 'schedule.counted.month', 3],
    ['QTRL', 1, 'schedule.unit.quarter', 1],
    ['SEMI', 1, 'schedule.unit.sixMonth', 1],
    ['YRLY', 1, 'schedule.unit.year', 1],
    ['YRLY', 2, 'schedule.counted.year', 2],
    ['DAYS', 14, 'schedule.counted.day', 14],
    ['mnth', 1, 'schedule.unit.month', 1],
    ['MNTH', 0, 'schedule.unit.month', 1],
  ])('%s × %s → %s', (cd, duration, key, count) => {
    expect(scheduleLabel(cd, duration)).toEqual({ key, options: { count } });
  });
  it('an unknown schedule code has no label', () => {
    expect(scheduleLabel('FORTNIGHT', 1)).toBeNull();
    expect(scheduleLabel(null, 1)).toBeNull();
  });
  it('lists every key it can answer', () => {
    for (const cd of ['DAYS', 'WEEK', 'MNTH', 'QTRL', 'SEMI', 'YRLY']) {
      for (const d of [1, 2]) expect(SCHEDULE_LABEL_KEYS).toContain(scheduleLabel(cd, d)!.key);
    }
  });
});

describe('§9 a 12-hour clock unless 24-hour is set', () => {
  const evening = new Date(Date.UTC(2024, 0, 1, 20, 5));
  const morning = new Date(Date.UTC(2024, 0, 1, 8, 0));
  const midnight = new Date(Date.UTC(2024, 0, 1, 0, 30));
  it.each([
    [evening, false, 'en-US', '8:05 PM'],
    [evening, true, 'en-US', '20:05'],
    [morning, false, 'en-US', '8:00 AM'],
    [morning, true, 'de-DE', '08:00'],
    [midnight, true, 'en-GB', '00:30'],
    [midnight, false, 'en-US', '12:30 AM'],
  ])('%s, 24-hour %s, %s → %s', (date, hour24, culture, expected) => {
    expect(looks(formatTime(date, { culture, hour24, timeZone: 'UTC' }))).toBe(expected);
  });
  it('an invalid date gives an empty string', () => {
    expect(formatTime(new Date('nope'), { culture: 'en-US' })).toBe('');
  });
  it.each([
    ['08:00', false, '8:00 AM'],
    ['20:30', false, '8:30 PM'],
    ['20:30', true, '20:30'],
    ['9:15', true, '09:15'],
    ['25:00', false, '25:00'],
    ['noon', false, 'noon'],
  ])('support hours %s (24-hour %s) → %s', (hhmm, hour24, expected) => {
    expect(looks(formatClockTime(hhmm, { culture: 'en-US', hour24 }))).toBe(expected);
  });
});

describe('one money formatter', () => {
  it('the API’s Formatted* fields are written by the very formatter the pages use', async () => {
    const server = await import('../../server/domain/money');
    const client = await import('../../src/domain/money');
    expect(server.formatMoney).toBe(client.formatMoney);
    // Where Intl's own currency style would differ (Spanish groups four-digit amounts only from five digits).
    expect(server.formatMoney(1000, 'EUR', 'es-ES')).toBe('1.000,00\u00a0€');
  });
});
