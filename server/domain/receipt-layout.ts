/**
 * The receipt of one transaction as a page of positioned text runs, rules and a logo: what the
 * PDF shows, decided without a PDF library, so it can be checked as data. receipt-pdf.ts renders
 * it. Coordinates are PDF points from the page's bottom left; a text's y is its baseline.
 */
import type { TFunction } from 'i18next';
import {
  isAdminFee,
  isRefund,
  paymentMethodOf,
  servicePeriodOf,
  signedAmount,
} from '../../machines/billing-history.rules';
import type { Transaction } from '../../src/api/schemas/payments';
import { dayText, formatMoney, type Culture } from '../../src/server-drawn';
import type { LogoPath } from '../db/seed/sellers';
import type { FontName, Measure } from './pdf-fonts';
import { productNameFor, transactionIdentity } from './product-catalogue';

/** Who sells in a market, from configuration (table sellers). */
export interface Seller {
  countryCd: string;
  name: string;
  addressLines: string[];
  email: string;
  taxId: string | null;
  /** The sales tax included in the market's prices; null where receipts show none (US, Canada). */
  tax: { kind: 'VAT' | 'GST'; ratePercent: number } | null;
  paperSize: 'A4' | 'LETTER';
  logo: LogoPath[];
}

export interface ReceiptInput {
  culture: Culture;
  transaction: Transaction;
  customer: { name: string; email: string };
  seller: Seller;
  orderNumber: number;
  /** The customer's time zone for the date of the receipt; UTC when unknown. */
  timeZone: string | null;
}

export interface TextRun {
  text: string;
  /** The left edge of the text; `width` is measured with the font that prints it. */
  x: number;
  y: number;
  width: number;
  size: number;
  font: FontName;
  color: string;
}

export type Shape =
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number; color: string }
  | { kind: 'logo'; x: number; y: number; size: number; paths: LogoPath[] };

export interface ReceiptLayout {
  width: number;
  height: number;
  /** The document's title and language, for its metadata. */
  title: string;
  language: Culture;
  runs: TextRun[];
  shapes: Shape[];
}

export const PAGE_SIZES = { A4: [595.28, 841.89], LETTER: [612, 792] } as const;

const INK = '#1A1D23';
const MUTED = '#5B6270';
const LINE = '#D5D9E0';
const MARGIN = 56;

/** The name a line item is sold under, as the culture's catalogue gives it (the pages read the same). */
export function lineItemName(transaction: Transaction, culture: Culture): string {
  return productNameFor(culture, transactionIdentity(transaction.sku_detail));
}

/** The tax inside a tax-inclusive amount, rounded to the cent, and the net amount that is left. */
export function taxSplit(gross: number, ratePercent: number): { net: number; tax: number } {
  const cents = Math.round(Math.abs(gross) * 100);
  const taxCents = Math.round((cents * ratePercent) / (100 + ratePercent));
  const sign = gross < 0 ? -1 : 1;
  return { net: (sign * (cents - taxCents)) / 100, tax: (sign * taxCents) / 100 };
}

const KNOWN_STATUSES = ['PEND', 'FAIL', 'VOID'];
const KNOWN_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'];

function methodName(transaction: Transaction, t: TFunction): string {
  const method = paymentMethodOf(transaction);
  if (method.kind === 'card') {
    const brand = KNOWN_BRANDS.includes(method.brand)
      ? t(`brand.${method.brand}`)
      : method.brand.charAt(0) + method.brand.slice(1).toLowerCase();
    return t('method.card', { brand, lastFour: method.lastFour });
  }
  // A method without a name of its own is not shown by its internal code.
  return t(`method.name.${method.code}`, { defaultValue: t('receipt.otherMethod') });
}

type Align = 'left' | 'right' | 'center';

/** Breaks a text into lines no wider than `max`, at spaces. */
function wrap(value: string, max: number, size: number, font: FontName, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size, font) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
}

/** `measure` is the embedded font's: the layout aligns right and centres with it, and fits long texts. */
export function layoutReceipt(input: ReceiptInput, t: TFunction, measure: Measure): ReceiptLayout {
  const { culture, transaction, seller, customer } = input;
  const [width, height] = PAGE_SIZES[seller.paperSize];
  const right = width - MARGIN;
  const runs: TextRun[] = [];
  const shapes: Shape[] = [];
  const text = (
    value: string,
    x: number,
    y: number,
    size: number,
    options: Partial<Pick<TextRun, 'font' | 'color'>> & { align?: Align } = {},
  ) => {
    const font = options.font ?? 'regular';
    const width = measure(value, size, font);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    runs.push({ text: value, x: left, y, width, size, font, color: options.color ?? INK });
  };
  const rule = (y: number, x1 = MARGIN, x2 = right) =>
    shapes.push({ kind: 'rule', x1, x2, y, thickness: 0.75, color: LINE });
  const money = (amount: number) => formatMoney(amount, transaction.currency_cd, culture);
  const refund = isRefund(transaction);
  const title = refund ? t('receipt.refundTitle') : t('receipt.title');

  // The seller: logo mark, name, address, contact and tax number.
  const top = height - MARGIN;
  const logoSize = 34;
  shapes.push({ kind: 'logo', x: MARGIN, y: top - logoSize, size: logoSize, paths: seller.logo });
  const sellerX = MARGIN + logoSize + 12;
  text(seller.name, sellerX, top - 13, 13, { font: 'bold' });
  const sellerNameEnd = sellerX + measure(seller.name, 13, 'bold');
  let leftY = top - 28;
  for (const line of [...seller.addressLines, seller.email]) {
    text(line, sellerX, leftY, 9, { color: MUTED });
    leftY -= 12;
  }
  if (seller.taxId) {
    text(`${t(`receipt.taxId.${seller.tax?.kind ?? 'VAT'}`)} ${seller.taxId}`, sellerX, leftY, 9, { color: MUTED });
    leftY -= 12;
  }

  // The receipt: its title, numbers and date. A long title in a language shrinks rather than run into the seller's name.
  const titleSize = Math.min(20, (20 * (right - sellerNameEnd - 24)) / measure(title, 20, 'bold'));
  text(title, right, top - 18, titleSize, { font: 'bold', align: 'right' });
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'long', timeZone: input.timeZone ?? 'UTC' }).format(
    new Date(transaction.created_at),
  );
  const facts: [string, string][] = [
    [t('receipt.transactionNumber'), String(transaction.transaction_id)],
    [t('receipt.orderNumber'), String(input.orderNumber)],
    [t('receipt.date'), date],
    ...(KNOWN_STATUSES.includes(transaction.status_cd)
      ? [[t('receipt.status'), t(`status.${transaction.status_cd}`)] as [string, string]]
      : []),
  ];
  // The labels' column starts left of the widest label and value, so no long pair runs together.
  const widest = (index: 0 | 1, size: number) =>
    Math.max(...facts.map((fact) => measure(fact[index], size, 'regular')));
  const labelX = Math.min(right - 190, right - widest(1, 9.5) - 14 - widest(0, 9));
  let rightY = top - 40;
  for (const [label, value] of facts) {
    text(label, labelX, rightY, 9, { color: MUTED });
    text(value, right, rightY, 9.5, { align: 'right' });
    rightY -= 14;
  }

  let y = Math.min(leftY, rightY) - 14;
  rule(y);

  // The customer, and how the money moved.
  y -= 20;
  const half = MARGIN + (right - MARGIN) / 2;
  text(t('receipt.customer'), MARGIN, y, 9, { font: 'bold', color: MUTED });
  text(refund ? t('receipt.refundedTo') : t('receipt.paidWith'), half, y, 9, { font: 'bold', color: MUTED });
  y -= 15;
  text(customer.name, MARGIN, y, 11);
  text(methodName(transaction, t), half, y, 11);
  y -= 14;
  text(customer.email, MARGIN, y, 10, { color: MUTED });

  // The line item.
  y -= 34;
  text(t('receipt.description'), MARGIN, y, 9, { font: 'bold', color: MUTED });
  text(t('receipt.amount'), right, y, 9, { font: 'bold', color: MUTED, align: 'right' });
  y -= 8;
  rule(y);
  y -= 18;
  const amount = signedAmount(transaction);
  const product = lineItemName(transaction, culture);
  text(money(amount), right, y, 11, { align: 'right' });
  const nameLines = wrap(
    isAdminFee(transaction) ? t('tag.adminFee') : product,
    right - MARGIN - 140,
    11,
    'bold',
    measure,
  );
  nameLines.forEach((line, i) => text(line, MARGIN, y - i * 14, 11, { font: 'bold' }));
  y -= (nameLines.length - 1) * 14;
  const details: string[] = [];
  if (isAdminFee(transaction)) details.push(t('receipt.feeFor', { product }));
  const period = servicePeriodOf(transaction);
  if (period)
    details.push(
      t('receipt.servicePeriod', {
        period: t('period.range', {
          start: dayText(period.start, culture, true),
          end: dayText(period.end, culture, true),
        }),
      }),
    );
  for (const detail of details) {
    y -= 13;
    text(detail, MARGIN, y, 9, { color: MUTED });
  }
  y -= 12;
  rule(y);

  // The totals: net and tax where the market's prices include a tax, then the total.
  const totalsX = right - 220;
  y -= 18;
  if (seller.tax) {
    const { net, tax } = taxSplit(amount, seller.tax.ratePercent);
    const rate = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 2 }).format(
      seller.tax.ratePercent / 100,
    );
    text(t('receipt.net'), totalsX, y, 10, { color: MUTED });
    text(money(net), right, y, 10, { align: 'right' });
    y -= 15;
    text(t('receipt.taxLine', { tax: t(`receipt.tax.${seller.tax.kind}`), rate }), totalsX, y, 10, { color: MUTED });
    text(money(tax), right, y, 10, { align: 'right' });
    y -= 10;
    rule(y, totalsX);
    y -= 17;
  }
  text(refund ? t('receipt.totalRefunded') : t('receipt.total'), totalsX, y, 12, { font: 'bold' });
  text(money(amount), right, y, 12, { font: 'bold', align: 'right' });

  // A closing note.
  y -= 46;
  const notes = [
    ...(seller.tax ? [t('receipt.pricesInclude', { tax: t(`receipt.tax.${seller.tax.kind}`) })] : []),
    refund ? t('receipt.refundNote') : t('receipt.thanks'),
    t('receipt.questions', { email: seller.email }),
  ];
  for (const note of notes) {
    text(note, MARGIN, y, 9.5, { color: MUTED });
    y -= 14;
  }

  // The seller again at the foot of the page, as on any invoice.
  rule(MARGIN + 14);
  text([seller.name, ...seller.addressLines].join(' · '), width / 2, MARGIN, 8, { color: MUTED, align: 'center' });

  return { width, height, title: `${title} ${transaction.transaction_id}`, language: culture, runs, shapes };
}
