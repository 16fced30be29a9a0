/**
 * Money, schedule labels and clock times (spec §9, §3 "Schedule labels").
 *
 * Money: Intl.NumberFormat writes the digits for the culture; we place the symbol.
 * - The symbol goes before the number, except for EUR, SAR and AED (after).
 * - A space separates symbol and number for SAR, AED and CHF, and for EUR (the spec's
 *   label "19.95 €"; German "19,95 €"), and for any symbol that is a bare 3-letter code
 *   (an unknown currency shows "XYZ 5.00", not "XYZ5.00"). The space is a no-break space (U+00A0), so a
 *   price never wraps between number and symbol.
 * - Grouping follows the culture, or is forced to commas or spaces by configuration.
 * - Configuration (symbol, position, space, fraction digits) overrides the defaults.
 */
import { keptFormatters } from './kept-formatters';

export const NBSP = '\u00a0';

/** About 40 currency codes and their display symbols. Unknown codes show the code. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  INR: '₹',
  CAD: '$',
  AUD: 'A$',
  NZD: 'NZ$',
  SGD: 'S$',
  HKD: 'HK$',
  JPY: '¥',
  CNY: 'CN¥',
  KRW: '₩',
  PHP: '₱',
  PEN: 'S/',
  CHF: 'CHF',
  SAR: 'SAR',
  AED: 'AED',
  QAR: 'QAR',
  KWD: 'KWD',
  ILS: '₪',
  ZAR: 'R',
  NGN: '₦',
  KES: 'KSh',
  EGP: 'E£',
  MXN: 'MX$',
  BRL: 'R$',
  ARS: 'AR$',
  CLP: 'CLP$',
  COP: 'COL$',
  UYU: '$U',
  CRC: '₡',
  DOP: 'RD$',
  GTQ: 'Q',
  BOB: 'Bs',
  PYG: '₲',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  CZK: 'Kč',
  HUF: 'Ft',
  RON: 'lei',
  TRY: '₺',
  UAH: '₴',
  MYR: 'RM',
  THB: '฿',
  IDR: 'Rp',
  VND: '₫',
  TWD: 'NT$',
  PKR: 'Rs',
  BDT: '৳',
};

export const SYMBOL_AFTER_CURRENCIES: readonly string[] = ['EUR', 'SAR', 'AED'];
export const SPACED_CURRENCIES: readonly string[] = ['EUR', 'SAR', 'AED', 'CHF'];

/** How digits are grouped: as the culture does, or forced to commas or spaces by config. */
export type Grouping = 'culture' | 'comma' | 'space';

export interface MoneyFormatOptions {
  culture: string;
  grouping?: Grouping;
  /** Overrides the symbol table (e.g. a SKU's CurrencySymbol). */
  symbol?: string;
  symbolPosition?: 'before' | 'after';
  /** Overrides whether a space separates symbol and number. */
  space?: boolean;
  /** Overrides the currency's usual number of decimals (JPY 0, USD 2, ...). */
  fractionDigits?: number;
}

const code = (currency: string) => currency.trim().toUpperCase();

export function currencySymbol(currency: string): string {
  const c = code(currency);
  return CURRENCY_SYMBOLS[c] ?? c;
}

export function symbolGoesAfter(currency: string): boolean {
  return SYMBOL_AFTER_CURRENCIES.includes(code(currency));
}

/** SAR, AED, CHF (and EUR) are spaced, as is any symbol that is a bare 3-letter code. */
export function symbolIsSpaced(currency: string, symbol: string = currencySymbol(currency)): boolean {
  return SPACED_CURRENCIES.includes(code(currency)) || /^[A-Z]{3}$/.test(symbol);
}

/** The currency's usual decimals, as Intl knows them; 2 when Intl does not know the code. */
const fractionDigitsByCurrency = new Map<string, number>();
export function currencyFractionDigits(currency: string): number {
  const c = code(currency);
  let digits = fractionDigitsByCurrency.get(c);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigitsByCurrency.set(c, digits);
  }
  return digits;
}

function safeCulture(culture: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([culture]).length > 0 ? culture : 'en-US';
  } catch {
    return 'en-US';
  }
}

const numberFormats = keptFormatters<Intl.NumberFormat>();
const numberFormatFor = (culture: string, digits: number): Intl.NumberFormat =>
  numberFormats(
    `${culture}|${digits}`,
    () =>
      new Intl.NumberFormat(safeCulture(culture), {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: true,
      }),
  );

export interface NumberFormatOptions {
  culture: string;
  grouping?: Grouping;
  fractionDigits?: number;
}

/**
 * Formats a number for the culture with a fixed number of decimals. Forced comma grouping
 * uses a point for decimals; forced space grouping keeps the culture's decimal mark. A
 * value that is not a finite number gives ''.
 */
export function formatNumber(value: number, options: NumberFormatOptions): string {
  if (!Number.isFinite(value)) return '';
  const digits = Math.min(20, Math.max(0, Math.trunc(options.fractionDigits ?? 2)));
  const parts = numberFormatFor(options.culture, digits).formatToParts(value);
  const grouping = options.grouping ?? 'culture';
  const group = grouping === 'comma' ? ',' : grouping === 'space' ? NBSP : null;
  const decimalMark = grouping === 'comma' ? '.' : null;
  return parts
    .map((part) => {
      if (part.type === 'group' && group !== null) return group;
      if (part.type === 'decimal' && decimalMark !== null) return decimalMark;
      if (part.type === 'minusSign') return '-';
      return part.value;
    })
    .join('');
}

/**
 * `formatMoney(19.95, 'EUR', 'de-DE')` → "19,95 €"; `formatMoney(19.95, 'USD', 'en-US')` →
 * "$19.95"; `formatMoney(26.95, 'CHF', 'de-CH')` → "CHF 26.95". A minus sign goes first.
 */
export function formatMoney(amount: number, currency: string, options: MoneyFormatOptions | string): string {
  const opts: MoneyFormatOptions = typeof options === 'string' ? { culture: options } : options;
  if (!Number.isFinite(amount)) return '';
  const number = formatNumber(Math.abs(amount), {
    culture: opts.culture,
    grouping: opts.grouping,
    fractionDigits: opts.fractionDigits ?? currencyFractionDigits(currency),
  });
  const symbol = opts.symbol ?? currencySymbol(currency);
  const after = opts.symbolPosition ? opts.symbolPosition === 'after' : symbolGoesAfter(currency);
  const gap = (opts.space ?? symbolIsSpaced(currency, symbol)) ? NBSP : '';
  const sign = amount < 0 && Number(number.replace(/[^0-9]/g, '')) !== 0 ? '-' : '';
  return after ? `${sign}${number}${gap}${symbol}` : `${sign}${symbol}${gap}${number}`;
}

// ---------------------------------------------------------------------------------------
// Schedule labels (§3): week, month, quarter, six month, year, with a count prefix when the
// duration is more than 1. Returned as i18n keys; the texts live in the locale files.

export type ScheduleUnit = 'day' | 'week' | 'month' | 'quarter' | 'sixMonth' | 'year';

const UNIT_BY_SCHEDULE: Readonly<Record<string, ScheduleUnit>> = {
  DAYS: 'day',
  TRIAL: 'day',
  WEEK: 'week',
  MNTH: 'month',
  QTRL: 'quarter',
  SEMI: 'sixMonth',
  YRLY: 'year',
};

export function scheduleUnit(scheduleTypeCd: string | null | undefined): ScheduleUnit | null {
  return (scheduleTypeCd && UNIT_BY_SCHEDULE[scheduleTypeCd.trim().toUpperCase()]) || null;
}

/** An i18n key with the options to pass to `t()`. */
export interface ScheduleLabel {
  key: `schedule.unit.${ScheduleUnit}` | `schedule.counted.${ScheduleUnit}`;
  options: { count: number };
}

/** Every key `scheduleLabel` can answer, for the locale-completeness check. */
export const SCHEDULE_LABEL_KEYS: readonly string[] = (
  ['day', 'week', 'month', 'quarter', 'sixMonth', 'year'] as const
).flatMap((u) => [`schedule.unit.${u}`, `schedule.counted.${u}`]);

/**
 * `MNTH`, 1 → `schedule.unit.month` ("month"); `MNTH`, 3 → `schedule.counted.month` with
 * count 3 ("3 month"). Unknown schedule codes give null; a duration below 1 counts as 1.
 */
export function scheduleLabel(scheduleTypeCd: string | null | undefined, duration: number): ScheduleLabel | null {
  const unit = scheduleUnit(scheduleTypeCd);
  if (!unit) return null;
  const count = Number.isFinite(duration) && duration >= 1 ? Math.trunc(duration) : 1;
  return count > 1
    ? { key: `schedule.counted.${unit}`, options: { count } }
    : { key: `schedule.unit.${unit}`, options: { count } };
}

// ---------------------------------------------------------------------------------------
// Clock times (§9): a 12-hour clock unless 24-hour is set.

export interface TimeFormatOptions {
  culture: string;
  hour24?: boolean;
  timeZone?: string;
}

/** Formats the time of a date; an invalid date gives ''. */
export function formatTime(date: Date, options: TimeFormatOptions): string {
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(safeCulture(options.culture), {
      hour: options.hour24 ? '2-digit' : 'numeric',
      minute: '2-digit',
      hourCycle: options.hour24 ? 'h23' : 'h12',
      timeZone: options.timeZone,
    }).format(date);
  } catch {
    return '';
  }
}

/**
 * Formats a wall-clock time such as support hours ("08:00", "20:30"). A value that is not
 * a valid HH:MM time is returned as it came (§8: failed date formatting returns the raw value).
 */
export function formatClockTime(hhmm: string, options: Omit<TimeFormatOptions, 'timeZone'>): string {
  const match = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return hhmm;
  return formatTime(new Date(Date.UTC(2000, 0, 1, hours, minutes)), { ...options, timeZone: 'UTC' }) || hhmm;
}
