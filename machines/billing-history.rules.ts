/**
 * Rules of billing history and transaction detail (spec §2 "Other screens", §3 Transaction,
 * §7 payments/{u}/transactions, §9 the billing-year window and the payment-method codes).
 * Pure: the machines' guards and the pages call them.
 */

/** The history shows one year back unless the person picks another range. */
export const BILLING_YEAR_DAYS = 365;
/** Transactions per page of the history (the API's `top`). */
export const HISTORY_PAGE_SIZE = 5;
/** The furthest the API pages (its `skip` bound). */
export const HISTORY_MAX_SKIP = 100_000;

/** Which transactions the history lists: all, sales only or refunds only. */
export const TRANSACTION_KINDS = ['all', 'sales', 'refunds'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** What the history lists: a range of days (YYYY-MM-DD, both included), a kind and a page. */
export interface HistoryFilter {
  startDate: string;
  endDate: string;
  kind: TransactionKind;
  skip: number;
}

/** What the address carries of the filter; anything absent takes its default. */
export interface HistoryAddress {
  startdate?: string;
  enddate?: string;
  txtype?: 'sale' | 'refund';
  skip?: number;
}

/** The fields of a transaction these rules read (the API's Transaction has them all). */
export interface TransactionFacts {
  transaction_type: 'SALE' | 'RFND';
  sub_type: string | null;
  price: number;
  card_type: string | null;
  last_four_digits: string | null;
  payment_method_cd: string;
  service_start_date: string | null;
  service_end_date: string | null;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD) of the local calendar. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether the text is a real calendar day (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The default range: from one billing year back to today. */
export function billingYear(today: Date): { startDate: string; endDate: string } {
  return { startDate: dayOf(new Date(today.getTime() - BILLING_YEAR_DAYS * DAY_MS)), endDate: dayOf(today) };
}

/** A range is reversed when it starts after it ends; the same day is one whole day. */
export const isReversedRange = (startDate: string, endDate: string): boolean => startDate > endDate;

/** The filter the address asks for; a missing, invalid or reversed range is the billing year. */
export function filterFromAddress(address: HistoryAddress, today: Date): HistoryFilter {
  const year = billingYear(today);
  const start = address.startdate && isDay(address.startdate) ? address.startdate : year.startDate;
  const end = address.enddate && isDay(address.enddate) ? address.enddate : year.endDate;
  const range = isReversedRange(start, end) ? year : { startDate: start, endDate: end };
  const kind: TransactionKind = address.txtype === 'sale' ? 'sales' : address.txtype === 'refund' ? 'refunds' : 'all';
  const skip = Number.isInteger(address.skip) && address.skip! >= 0 ? Math.min(address.skip!, HISTORY_MAX_SKIP) : 0;
  return { ...range, kind, skip };
}

/** The address of a filter: only what differs from the defaults, so the plain page has a plain address. */
export function addressOfFilter(filter: HistoryFilter, today: Date): HistoryAddress {
  const year = billingYear(today);
  return {
    ...(filter.startDate !== year.startDate ? { startdate: filter.startDate } : {}),
    ...(filter.endDate !== year.endDate ? { enddate: filter.endDate } : {}),
    ...(filter.kind === 'sales'
      ? { txtype: 'sale' as const }
      : filter.kind === 'refunds'
        ? { txtype: 'refund' as const }
        : {}),
    ...(filter.skip > 0 ? { skip: filter.skip } : {}),
  };
}

export const sameFilter = (a: HistoryFilter, b: HistoryFilter): boolean =>
  a.startDate === b.startDate && a.endDate === b.endDate && a.kind === b.kind && a.skip === b.skip;

/** The API's query for a filter (§7: skip, top, startDate, endDate, transactionTypes). */
export function historyQuery(filter: HistoryFilter): {
  skip: number;
  top: number;
  startDate: string;
  endDate: string;
  transactionTypes?: ('SALE' | 'RFND')[];
} {
  const types = filter.kind === 'sales' ? (['SALE'] as const) : filter.kind === 'refunds' ? (['RFND'] as const) : null;
  return {
    skip: filter.skip,
    top: HISTORY_PAGE_SIZE,
    startDate: filter.startDate,
    endDate: filter.endDate,
    ...(types ? { transactionTypes: [...types] } : {}),
  };
}

/** Where a page of `total` rows stands: its number (from 1), how many there are, and the neighbours' skips. */
export function pageOf(
  total: number,
  skip: number,
): { page: number; pages: number; previousSkip: number | null; nextSkip: number | null } {
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.floor(skip / HISTORY_PAGE_SIZE) + 1;
  return {
    page,
    pages,
    previousSkip: skip > 0 ? Math.max(0, skip - HISTORY_PAGE_SIZE) : null,
    nextSkip:
      skip + HISTORY_PAGE_SIZE < total && skip + HISTORY_PAGE_SIZE <= HISTORY_MAX_SKIP
        ? skip + HISTORY_PAGE_SIZE
        : null,
  };
}

export const isRefund = (t: Pick<TransactionFacts, 'transaction_type'>): boolean => t.transaction_type === 'RFND';
/** The administration fee is a sale of its own kind (sub type ADFE). */
export const isAdminFee = (t: Pick<TransactionFacts, 'sub_type'>): boolean => t.sub_type === 'ADFE';
/** What the transaction moved: a refund is money back, so it counts negative. */
export const signedAmount = (t: Pick<TransactionFacts, 'transaction_type' | 'price'>): number =>
  isRefund(t) ? -t.price : t.price;

/** How it was paid: a card's brand and last four where known, else the payment method's code (§9). */
export function paymentMethodOf(
  t: Pick<TransactionFacts, 'card_type' | 'last_four_digits' | 'payment_method_cd'>,
): { kind: 'card'; brand: string; lastFour: string } | { kind: 'method'; code: string } {
  if (t.card_type && t.last_four_digits) return { kind: 'card', brand: t.card_type, lastFour: t.last_four_digits };
  return { kind: 'method', code: t.payment_method_cd };
}

/** The service period a transaction paid for, when it has one (an admin fee or a refund may not). */
export function servicePeriodOf(
  t: Pick<TransactionFacts, 'service_start_date' | 'service_end_date'>,
): { start: string; end: string } | null {
  return t.service_start_date && t.service_end_date ? { start: t.service_start_date, end: t.service_end_date } : null;
}

/** A transaction that cannot be shown because it is not there or is someone else's: the page is not found. */
export function isMissingTransaction(error: unknown): boolean {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'notFound' || kind === 'forbidden';
}

/** A transaction id from the address: a positive whole number that stays a safe integer, else none. */
export function transactionIdOf(text: string): number | null {
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

/** A transaction as the pages show it (the API's Transaction, spec §3). */
export interface TransactionRecord extends TransactionFacts {
  transaction_id: number;
  status_cd: string;
  sku_detail: { label: string; type_cd: string; product_id: string; trial_days: number; trial_amount: number };
  currency_cd: string;
  payment_items: { item_subtype_cd: string; descriptor: string }[];
  subscription_id: number | null;
  created_at: string;
}

/** One page of the history and how many rows the filter matches in all. */
export interface HistoryPage {
  total: number;
  items: TransactionRecord[];
}
