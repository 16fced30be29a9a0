import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  formatOfferDate,
  offerTerms,
  renewalFactsOf,
  type OfferTermsKind,
  type RenewalFacts,
} from '../../src/domain/offer-terms';
import { customerDateFormat, formatCustomerDate } from '../../src/domain/customer-dates';
import { CULTURES } from '../../src/i18n/cultures';

const files = import.meta.glob<Record<string, unknown>>('../../src/i18n/locales/*/common.json', {
  eager: true,
  import: 'default',
});

/** The sentence as a page in `culture` shows it to someone in UTC: the real common texts, through i18next. */
async function sentence(offer: OfferTermsKind, renewal: RenewalFacts | null, culture: string): Promise<string | null> {
  const terms = offerTerms(offer, renewal, culture, 'UTC');
  if (!terms) return null;
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: culture,
    resources: { [culture]: { common: files[`../../src/i18n/locales/${culture}/common.json`]! } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n.t(terms.key, terms.values);
}

const US: RenewalFacts = {
  nextBillingDate: '2027-01-09T00:00:00.000Z',
  endDate: '2027-01-09T00:00:00.000Z',
  unitPrice: 23.95,
  nextRenewalPrice: 23.95,
  currencyCd: 'USD',
};
const DE: RenewalFacts = {
  nextBillingDate: '2027-01-31T00:00:00.000Z',
  endDate: '2027-01-31T00:00:00.000Z',
  unitPrice: 24.95,
  nextRenewalPrice: 24.95,
  currencyCd: 'EUR',
};
const NBSP = '\u00a0';

describe('what a save offer costs and when (offerTerms)', () => {
  it('50 % off: the next renewal’s date, its price with the discount and without it', async () => {
    expect(await sentence({ kind: 'discount', percent: 50 }, US, 'en-US')).toBe(
      'Your next renewal on January 9, 2027 costs $11.98 instead of $23.95.',
    );
    expect(await sentence({ kind: 'discount', percent: 50 }, DE, 'de-DE')).toBe(
      `Ihre nächste Verlängerung am 31. Januar 2027 kostet 12,48${NBSP}€ statt 24,95${NBSP}€.`,
    );
  });

  it('a free month: nothing on the renewal date, which moves a month later at the usual price (31 January → 28 February)', async () => {
    expect(await sentence({ kind: 'freeMonth', months: 1 }, US, 'en-US')).toBe(
      'You pay nothing on January 9, 2027: your next renewal moves to February 9, 2027 and costs $23.95.',
    );
    expect(await sentence({ kind: 'freeMonth', months: 1 }, DE, 'de-DE')).toBe(
      `Am 31. Januar 2027 zahlen Sie nichts: Ihre nächste Verlängerung verschiebt sich auf den 28. Februar 2027 und kostet 24,95${NBSP}€.`,
    );
  });

  it.each([
    [1, 'You pay nothing for 1 month. Your plan resumes on February 9, 2027 at $23.95.'],
    [2, 'You pay nothing for 2 months. Your plan resumes on March 9, 2027 at $23.95.'],
    [3, 'You pay nothing for 3 months. Your plan resumes on April 9, 2027 at $23.95.'],
  ])(
    'a pause of %i month(s): nothing until billing resumes from the end of the paid period, then the usual price',
    async (months, text) => {
      expect(await sentence({ kind: 'pause', months }, US, 'en-US')).toBe(text);
    },
  );

  it('a pause counts from the end of the paid period, and a discount already taken is the price it resumes at', async () => {
    const discounted: RenewalFacts = { ...US, endDate: '2027-02-01T00:00:00.000Z', nextRenewalPrice: 11.98 };
    expect(await sentence({ kind: 'pause', months: 1 }, discounted, 'en-US')).toBe(
      'You pay nothing for 1 month. Your plan resumes on March 1, 2027 at $11.98.',
    );
    expect(await sentence({ kind: 'pause', months: 1 }, DE, 'de-DE')).toBe(
      `Sie zahlen 1 Monat lang nichts. Ihr Abo läuft am 28. Februar 2027 für 24,95${NBSP}€ weiter.`,
    );
  });

  it('the reminder: the renewal’s date and price it comes before', async () => {
    expect(await sentence({ kind: 'reminder' }, US, 'en-US')).toBe(
      'Your plan renews on January 9, 2027 at $23.95. We remind you before then.',
    );
    expect(await sentence({ kind: 'reminder' }, DE, 'de-DE')).toBe(
      `Ihr Abo verlängert sich am 31. Januar 2027 für 24,95${NBSP}€. Wir erinnern Sie vorher daran.`,
    );
  });

  it('in the culture’s own format: pounds, rupees, euros in French and Spanish', async () => {
    expect(await sentence({ kind: 'discount', percent: 50 }, { ...US, currencyCd: 'GBP' }, 'en-GB')).toBe(
      'Your next renewal on 9 January 2027 costs £11.98 instead of £23.95.',
    );
    expect(
      await sentence(
        { kind: 'discount', percent: 50 },
        { ...DE, unitPrice: 1499, nextRenewalPrice: 1499, currencyCd: 'INR' },
        'en-IN',
      ),
    ).toContain('₹749.50 instead of ₹1,499.00');
    expect(await sentence({ kind: 'discount', percent: 50 }, DE, 'fr-FR')).toMatch(
      /le 31 janvier 2027, coûtera 12,48\s€ au lieu de 24,95\s€/,
    );
    expect(await sentence({ kind: 'discount', percent: 50 }, DE, 'es-ES')).toMatch(
      /el 31 de enero de 2027, costará 12,48\s€ en lugar de 24,95\s€/,
    );
  });

  it('promises no amount for a plan that does not renew', () => {
    expect(offerTerms({ kind: 'discount', percent: 50 }, { ...US, nextBillingDate: null }, 'en-US')).toBeNull();
    expect(offerTerms({ kind: 'reminder' }, null, 'en-US')).toBeNull();
  });

  it.each(CULTURES)('%s has every sentence, with its amounts and date', (culture) => {
    const texts = files[`../../src/i18n/locales/${culture}/common.json`]!.offerTerms as Record<string, string>;
    expect(Object.keys(texts).sort()).toEqual([
      'discount',
      'freeMonth_one',
      'freeMonth_other',
      'pause_one',
      'pause_other',
      'reminder',
    ]);
    for (const text of Object.values(texts)) expect(text).toMatch(/\{\{date\}\}.*|\{\{price\}\}/);
    expect(texts.discount).toContain('{{regular}}');
  });

  it('writes its dates in the person’s time zone, as the page’s other dates are: near midnight the day is theirs, not UTC’s', () => {
    // 23:30 UTC on 9 January is already 10 January in Berlin; 03:30 UTC on 10 January is still 9 January in New York.
    const late: RenewalFacts = {
      ...DE,
      nextBillingDate: '2027-01-09T23:30:00.000Z',
      endDate: '2027-01-09T23:30:00.000Z',
    };
    const berlin = offerTerms({ kind: 'reminder' }, late, 'de-DE', 'Europe/Berlin')!;
    expect(berlin.values.date).toBe('10. Januar 2027');
    expect(berlin.values.date).toBe(formatCustomerDate(late.nextBillingDate!, 'de-DE', { timeZone: 'Europe/Berlin' }));
    const early: RenewalFacts = { ...US, nextBillingDate: '2027-01-10T03:30:00.000Z' };
    expect(offerTerms({ kind: 'discount', percent: 50 }, early, 'en-US', 'America/New_York')!.values.date).toBe(
      'January 9, 2027',
    );
    // With no zone given, the runtime's own (the browser's), exactly as the pages' formatter writes it.
    expect(offerTerms({ kind: 'reminder' }, late, 'de-DE')!.values.date).toBe(
      customerDateFormat('de-DE').format(new Date(late.nextBillingDate!)),
    );
  });

  it('reads the renewal from the subscriptions list; a day is written as the culture writes it', () => {
    expect(
      renewalFactsOf({
        NextBillingDate: '2027-01-09T00:00:00.000Z',
        EndDate: '2027-01-10T00:00:00.000Z',
        UnitPrice: 23.95,
        NextRenewalPrice: 11.98,
        CurrencyCD: 'USD',
      }),
    ).toEqual({
      nextBillingDate: '2027-01-09T00:00:00.000Z',
      endDate: '2027-01-10T00:00:00.000Z',
      unitPrice: 23.95,
      nextRenewalPrice: 11.98,
      currencyCd: 'USD',
    });
    expect(formatOfferDate('2027-01-09T00:00:00.000Z', 'de-DE', 'UTC')).toBe('9. Januar 2027');
  });
});
