import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/api/schemas/payments';
import { CULTURES, type Culture } from '../../src/server-drawn';
import { SELLERS } from '../../server/db/seed/sellers';
import { receiptPdf, receiptTexts } from '../../server/domain/receipt';
import { measureText } from '../../server/domain/pdf-fonts';
import { layoutReceipt, taxSplit, type ReceiptInput } from '../../server/domain/receipt-layout';
import { toSeller } from '../../server/repositories/sellers';
import { readPdf } from '../support/pdf-text';

const sellerOf = (country: string) => toSeller(SELLERS.find((s) => s.country_cd === country)!);
const MARKET_OF_CULTURE: Record<Culture, { country: string; currency: string; price: number }> = {
  'en-US': { country: 'US', currency: 'USD', price: 23.95 },
  'en-CA': { country: 'CA', currency: 'CAD', price: 29.95 },
  'en-GB': { country: 'GB', currency: 'GBP', price: 21.95 },
  'en-IN': { country: 'IN', currency: 'INR', price: 1499 },
  'de-DE': { country: 'DE', currency: 'EUR', price: 24.95 },
  'fr-FR': { country: 'FR', currency: 'EUR', price: 24.95 },
  'es-ES': { country: 'ES', currency: 'EUR', price: 24.95 },
};

const transaction = (changes: Partial<Transaction> = {}): Transaction => ({
  transaction_id: 700123,
  transaction_type: 'SALE',
  sub_type: null,
  status_cd: 'SUCC',
  sku_detail: { label: 'Monthly Access', type_cd: 'SUBS', product_id: 'RSMBLD', trial_days: 0, trial_amount: 0 },
  price: 24.95,
  currency_cd: 'EUR',
  formatted_price: '24,95 €',
  payment_items: [{ item_subtype_cd: 'SUBS', descriptor: 'Monthly Access' }],
  service_start_date: '2026-11-07T00:00:00.000Z',
  service_end_date: '2026-12-07T00:00:00.000Z',
  card_type: 'MASTERCARD',
  last_four_digits: '5454',
  payment_method_cd: 'CRCD',
  subscription_id: 41,
  created_at: '2026-11-07T10:30:00.000Z',
  ...changes,
});

const input = (
  culture: Culture,
  changes: Partial<Transaction> = {},
  country = MARKET_OF_CULTURE[culture].country,
): ReceiptInput => ({
  culture,
  transaction: transaction({
    currency_cd: MARKET_OF_CULTURE[culture].currency,
    price: MARKET_OF_CULTURE[culture].price,
    ...changes,
  }),
  customer: { name: 'Lena Schneider', email: 'lena.schneider@example.de' },
  seller: sellerOf(country),
  orderNumber: 700101,
  timeZone: 'Europe/Berlin',
});

const layoutOf = (receipt: ReceiptInput) => layoutReceipt(receipt, receiptTexts(receipt.culture), measureText);
/** The layout's texts, no-break spaces made plain so expectations read as the page does. */
const textsOf = (receipt: ReceiptInput) =>
  layoutOf(receipt).runs.map((run) => run.text.replace(/[\u00a0\u202f]/g, ' '));
/** Codes the records carry that a customer must never read. */
const INTERNAL_CODES =
  /\b(RSMBLD|SUBS|ADFE|CRCD|PYPL|DUPI|MASTERCARD|SUCC|RFND|SALE)\b|Payment method code|Payment method [A-Z]{4}/;

describe('receipt layout', () => {
  it('German: euro amounts in the German format, net, 19 % USt. and the total, under German labels', () => {
    const texts = textsOf(input('de-DE'));
    expect(texts).toContain('Zahlungsbeleg');
    expect(texts).toEqual(
      expect.arrayContaining(['Transaktionsnummer', '700123', 'Bestellnummer', '700101', 'Datum', '7. November 2026']),
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        'Kunde',
        'Lena Schneider',
        'lena.schneider@example.de',
        'Bezahlt mit',
        'Mastercard mit Endziffern 5454',
      ]),
    );
    expect(texts).toEqual(expect.arrayContaining(['Monatszugang', 'Leistungszeitraum: 07.11.2026 – 07.12.2026']));
    expect(texts, 'the product by its German catalogue name').not.toContain('Monthly Access');
    expect(texts).toEqual(expect.arrayContaining(['Nettobetrag', '20,97 €', 'USt. 19 %', '3,98 €', 'Gesamtbetrag']));
    expect(texts.filter((text) => text === '24,95 €')).toHaveLength(2);
    expect(texts.join('\n')).not.toMatch(/24\.95|EUR/);
  });

  it("names the market's seller: name, address, contact and tax number, from its configuration", () => {
    const texts = textsOf(input('de-DE'));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Lebenslauf Online GmbH',
        'Friedrichstraße 100',
        '10117 Berlin',
        'Deutschland',
        'kundenservice@lebenslauf.example.de',
        'USt-IdNr. DE123456789',
      ]),
    );
    const layout = layoutOf(input('de-DE'));
    expect(layout.shapes.filter((shape) => shape.kind === 'logo')).toEqual([
      expect.objectContaining({ paths: sellerOf('DE').logo }),
    ]);

    const renamed = {
      ...input('de-DE'),
      seller: { ...sellerOf('DE'), name: 'Karriere Werkstatt AG', addressLines: ['Hafenstraße 1', '20359 Hamburg'] },
    };
    expect(textsOf(renamed)).toEqual(
      expect.arrayContaining(['Karriere Werkstatt AG', 'Hafenstraße 1', '20359 Hamburg']),
    );
    expect(textsOf(renamed)).not.toContain('Lebenslauf Online GmbH');
  });

  it('US and Canada: no tax lines, only the total; the US date and dollar format', () => {
    const us = textsOf(input('en-US'));
    expect(us).toEqual(
      expect.arrayContaining(['Payment receipt', 'ResumeNow, Inc.', 'November 7, 2026', 'Total', '$23.95']),
    );
    expect(us.join('\n')).not.toMatch(/VAT|GST|tax|Net amount/i);
    expect(textsOf(input('en-CA')).join('\n')).not.toMatch(/VAT|GST|tax|Net amount/i);
  });

  it.each([
    ['en-GB', ['VAT 20%', 'Net amount', '£18.29', '£3.66', '£21.95', 'VAT number GB 123 4567 89']],
    ['fr-FR', ['TVA 20 %', 'Montant HT', '20,79 €', '4,16 €', 'Total TTC', 'N° de TVA FR12 345678901']],
    ['es-ES', ['IVA 21 %', 'Base imponible', '20,62 €', '4,33 €', 'Total', 'NIF-IVA ESB12345678']],
    ['en-IN', ['GST 18%', 'Net amount', '₹1,270.34', '₹228.66', '₹1,499.00', 'GSTIN 06AABCR1234Q1Z5']],
  ] as const)('%s: the tax at its configured rate', (culture, expected) => {
    expect(textsOf(input(culture))).toEqual(expect.arrayContaining([...expected]));
  });

  it.each(CULTURES)('%s: every label is in the culture and no internal code is shown', (culture) => {
    const texts = textsOf(
      input(culture, {
        sub_type: 'ADFE',
        payment_items: [{ item_subtype_cd: 'ADFE', descriptor: 'Administration fee' }],
      }),
    );
    const t = receiptTexts(culture);
    for (const key of [
      'receipt.title',
      'receipt.transactionNumber',
      'receipt.orderNumber',
      'receipt.date',
      'receipt.customer',
      'receipt.paidWith',
      'receipt.description',
      'receipt.amount',
      'tag.adminFee',
    ]) {
      expect(texts, key).toContain(t(key));
    }
    if (!culture.startsWith('en-')) {
      for (const english of [
        'Payment receipt',
        'Transaction number',
        'Order number',
        'Paid with',
        'Customer',
        'Administration fee',
        'Thank you for your purchase.',
      ])
        expect(texts).not.toContain(english);
    }
    expect(texts.join('\n')).not.toMatch(INTERNAL_CODES);
  });

  it('an administration fee is named as one, for the plan it belongs to', () => {
    const texts = textsOf(
      input('en-US', { sub_type: 'ADFE', price: 4.95, service_start_date: null, service_end_date: null }),
    );
    expect(texts).toEqual(expect.arrayContaining(['Administration fee', 'For Monthly Access', '$4.95']));
    expect(texts.join('\n')).not.toMatch(INTERNAL_CODES);
  });

  it('a payment method is named, never shown by its code', () => {
    const card = { card_type: null, last_four_digits: null };
    expect(textsOf(input('en-US', { ...card, payment_method_cd: 'PYPL' }))).toContain('PayPal');
    expect(textsOf(input('en-IN', { ...card, payment_method_cd: 'DUPI' }))).toContain('UPI');
    expect(textsOf(input('de-DE', { ...card, payment_method_cd: 'CRCD' }))).toContain('Karte');
    const unknown = textsOf(input('de-DE', { ...card, payment_method_cd: 'ZZPM' }));
    expect(unknown).toContain('Andere Zahlungsart');
    expect(unknown.join('\n')).not.toContain('ZZPM');
  });

  it('a refund is titled a refund, with every amount negative', () => {
    const us = textsOf(input('en-US', { transaction_type: 'RFND' }));
    expect(us).toEqual(expect.arrayContaining(['Refund receipt', 'Refunded to', 'Total refunded']));
    expect(us.filter((text) => text.includes('23.95'))).toEqual(['-$23.95', '-$23.95']);
    const de = textsOf(input('de-DE', { transaction_type: 'RFND' }));
    expect(de).toEqual(
      expect.arrayContaining(['Erstattungsbeleg', 'Erstattet auf', '-20,97 €', '-3,98 €', 'Erstatteter Betrag']),
    );
    expect(de.filter((text) => text.includes('24,95'))).toEqual(['-24,95 €', '-24,95 €']);
    expect(de).not.toContain('Zahlungsbeleg');
  });

  it('A4 for Europe and India, US Letter for the US and Canada, and everything inside the margins', () => {
    for (const culture of CULTURES) {
      const { country } = MARKET_OF_CULTURE[culture];
      const layout = layoutOf(input(culture, { transaction_type: 'RFND' }));
      expect([Math.round(layout.width), Math.round(layout.height)], culture).toEqual(
        country === 'US' || country === 'CA' ? [612, 792] : [595, 842],
      );
      for (const run of layout.runs) {
        expect(run.x, `${culture} ${run.text}`).toBeGreaterThanOrEqual(55);
        expect(run.x + run.width, `${culture} ${run.text}`).toBeLessThanOrEqual(layout.width - 55);
        expect(run.y, `${culture} ${run.text}`).toBeGreaterThanOrEqual(55);
      }
      // No two texts on one line run into each other (a long label and its value, a name and its amount).
      const lines = new Map<number, typeof layout.runs>();
      for (const run of layout.runs) lines.set(Math.round(run.y), [...(lines.get(Math.round(run.y)) ?? []), run]);
      for (const line of lines.values()) {
        const sorted = [...line].sort((a, b) => a.x - b.x);
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i]!.x, `${culture}: ${sorted[i - 1]!.text} | ${sorted[i]!.text}`).toBeGreaterThan(
            sorted[i - 1]!.x + sorted[i - 1]!.width + 4,
          );
      }
    }
  });

  it('a long title shrinks rather than run into the seller name beside it', () => {
    const receipt = input('fr-FR', { transaction_type: 'RFND' });
    receipt.seller = { ...receipt.seller, name: 'Société Européenne des Curriculum Vitae SAS' };
    const runs = layoutOf(receipt).runs;
    const name = runs.find((run) => run.text === receipt.seller.name)!;
    const title = runs.find((run) => run.text === 'Reçu de remboursement')!;
    expect(title.x).toBeGreaterThan(name.x + name.width);
  });

  it('splits a tax-inclusive amount into net and tax, rounded to the cent, for refunds too', () => {
    expect(taxSplit(24.95, 19)).toEqual({ net: 20.97, tax: 3.98 });
    expect(taxSplit(-24.95, 19)).toEqual({ net: -20.97, tax: -3.98 });
    expect(taxSplit(1499, 18)).toEqual({ net: 1270.34, tax: 228.66 });
    expect(taxSplit(4.95, 20)).toEqual({ net: 4.12, tax: 0.83 });
  });
});

describe('receipt PDF', () => {
  it('prints the German receipt in an embedded font, on A4: the text really is in the file', async () => {
    const pdf = await readPdf(await receiptPdf(input('de-DE')));
    expect(pdf.pageSizes).toEqual([[595, 842]]);
    expect(pdf.texts).toEqual(
      expect.arrayContaining(['Zahlungsbeleg', 'Lebenslauf Online GmbH', 'USt. 19 %', '24,95 €', 'Gesamtbetrag']),
    );
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const font of pdf.fonts) {
      expect(font.embedded, font.baseFont).toBe(true);
      expect(font.baseFont).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/);
    }
  });

  it('prints pounds, rupees and accents; US Letter for the US', async () => {
    expect((await readPdf(await receiptPdf(input('en-GB')))).texts).toContain('£21.95');
    expect((await readPdf(await receiptPdf(input('en-IN')))).texts).toContain('₹1,499.00');
    expect((await readPdf(await receiptPdf(input('es-ES')))).texts).toContain('Descripción');
    const us = await readPdf(await receiptPdf(input('en-US')));
    expect(us.pageSizes).toEqual([[612, 792]]);
    expect(us.texts).toContain('$23.95');
  });
});
