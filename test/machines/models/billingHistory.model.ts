import type { PathModel } from '../coverage';
import type { BillingHistoryInput } from '../../../machines/billing-history.machine';
import {
  billingYear,
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
  type HistoryPage,
  type TransactionRecord,
} from '../../../machines/billing-history.rules';

/** A sale of active-us's history, as the API gives it. */
export const SALE: TransactionRecord = {
  transaction_id: 9001,
  transaction_type: 'SALE',
  sub_type: null,
  status_cd: 'SUCC',
  sku_detail: { label: 'Monthly Access', type_cd: 'SUBS', product_id: 'RSMBLD', trial_days: 0, trial_amount: 0 },
  price: 23.95,
  currency_cd: 'USD',
  payment_items: [{ item_subtype_cd: 'SUBS', descriptor: 'Monthly Access' }],
  service_start_date: '2026-11-06T00:00:00.000Z',
  service_end_date: '2026-12-06T00:00:00.000Z',
  card_type: 'MASTERCARD',
  last_four_digits: '5454',
  payment_method_cd: 'CRCD',
  subscription_id: 50003,
  created_at: '2026-11-06T00:00:00.000Z',
};

/** How many of active-us's seeded transactions each kind matches within the billing year (test/api/billing-history.test.ts). */
const SEEDED = { all: 7, sales: 6, refunds: 1 } as const;

/** The page active-us's history answers for a filter: the seed's count, cut to the page. */
export function seededPage(filter: HistoryFilter): HistoryPage {
  const total = SEEDED[filter.kind];
  const count = Math.max(0, Math.min(HISTORY_PAGE_SIZE, total - filter.skip));
  return {
    total,
    items: Array.from({ length: count }, (_, i) => ({
      ...SALE,
      transaction_id: SALE.transaction_id + filter.skip + i,
    })),
  };
}

/** The default filter: the billing year up to today, every kind, the first page. */
export const DEFAULT_FILTER: HistoryFilter = { ...billingYear(new Date()), kind: 'all', skip: 0 };

export const billingHistoryModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003', filter: DEFAULT_FILTER }] satisfies BillingHistoryInput[],
  events: (snapshot) => {
    const filter = (snapshot.context as { filter: HistoryFilter }).filter;
    const answers = snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadTransactions', output: seededPage(filter) },
          { type: 'xstate.error.actor.loadTransactions', error: new Error('503') },
        ]
      : [];
    return [
      ...answers,
      { type: 'history.retry' },
      { type: 'history.next' },
      { type: 'history.previous' },
      { type: 'history.filter', startDate: DEFAULT_FILTER.startDate, endDate: DEFAULT_FILTER.endDate, kind: 'refunds' },
      // A reversed range is refused.
      { type: 'history.filter', startDate: DEFAULT_FILTER.endDate, endDate: DEFAULT_FILTER.startDate, kind: 'sales' },
      { type: 'history.show', filter: DEFAULT_FILTER },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { filter: HistoryFilter; page: HistoryPage | null };
    return JSON.stringify({
      value: snapshot.value,
      filter: context.filter,
      total: context.page?.total ?? null,
      shown: context.page?.items.length ?? null,
    });
  },
};
