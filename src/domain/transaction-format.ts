/** How the billing pages write a transaction's parts in the person's culture. */
import type { TFunction } from 'i18next';
import {
  paymentMethodOf,
  servicePeriodOf,
  signedAmount,
  type TransactionRecord,
} from '../../machines/billing-history.rules';
import { keptFormatters } from './kept-formatters';
import { formatMoney } from './money';

const KNOWN_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'];
const NAMED_METHODS = ['CRCD', 'PYPL', 'DUPI', 'TRST', 'SFRT', 'IDEL', 'BACS', 'GCSH', 'DPIX'];

export const amountOf = (transaction: TransactionRecord, culture: string): string =>
  formatMoney(signedAmount(transaction), transaction.currency_cd, culture);

const dayFormats = keptFormatters<Intl.DateTimeFormat>();
const dayFormatFor = (culture: string, utc: boolean): Intl.DateTimeFormat =>
  dayFormats(
    `${culture}|${utc ? 'utc' : 'local'}`,
    () => new Intl.DateTimeFormat(culture, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) }),
  );

/** A calendar day of a date-time, in the culture; service dates are days, so they are read in UTC. */
export function dayText(iso: string, culture: string, utc = false): string {
  return dayFormatFor(culture, utc).format(new Date(iso));
}

export function methodText(transaction: TransactionRecord, t: TFunction): string {
  const method = paymentMethodOf(transaction);
  if (method.kind === 'card') {
    const brand = KNOWN_BRANDS.includes(method.brand) ? t(`brand.${method.brand}`) : method.brand;
    return t('method.card', { brand, lastFour: method.lastFour });
  }
  return methodNameOf(method.code, t);
}

/** A payment method's name ("Card", "PayPal"), never its internal code. */
export const methodNameOf = (code: string, t: TFunction): string =>
  NAMED_METHODS.includes(code) ? t(`method.name.${code}`) : t('method.other');

/**
 * A line of a transaction in words: the administration fee by its name, a refund as the refund of
 * its product, any other line as the product itself, never its sku type or sub type code.
 */
export function itemText(subtype: string, product: string, t: TFunction): string {
  if (subtype === 'ADFE') return t('tag.adminFee');
  if (subtype === 'REFUND') return t('detail.refundOf', { product });
  return product;
}

export function periodText(transaction: TransactionRecord, culture: string, t: TFunction): string | null {
  const period = servicePeriodOf(transaction);
  return period
    ? t('period.range', { start: dayText(period.start, culture, true), end: dayText(period.end, culture, true) })
    : null;
}
