/**
 * The billing machines with the app's effects: a page of the history and one transaction read
 * through the API, the history's filter written to the address, and the receipt printed.
 */
import { fromPromise } from 'xstate';
import { billingHistoryMachine } from '../../../machines/billing-history.machine';
import {
  addressOfFilter,
  historyQuery,
  type HistoryFilter,
  type HistoryPage,
  type TransactionRecord,
} from '../../../machines/billing-history.rules';
import { transactionDetailMachine } from '../../../machines/transaction-detail.machine';
import type { Api } from '../../api';
import type { AppNavigation } from '../../app/navigation';
import type { RouteTarget } from '../../routing/route-target';

/** The history's address for a filter: only what differs from the billing year's defaults. */
export function historyTarget(filter: HistoryFilter, today: Date): RouteTarget {
  const address = addressOfFilter(filter, today);
  return {
    to: '/transactions',
    search: new URLSearchParams(Object.entries(address).map(([key, value]) => [key, String(value)])),
  };
}

/** The receipt PDF of one transaction, drawn by the server from the stored record. */
export const receiptUrl = (apiBase: string, userUid: string, transactionId: number): string =>
  `${apiBase.replace(/\/+$/, '')}/payments/${encodeURIComponent(userUid)}/transactions/${transactionId}/receipt`;

export interface BillingHistoryDeps {
  api: Pick<Api, 'payments'>;
  navigation: AppNavigation;
  today: () => Date;
}

export function provideBillingHistory(deps: BillingHistoryDeps) {
  return billingHistoryMachine.provide({
    actors: {
      loadTransactions: fromPromise<HistoryPage, { userUid: string; filter: HistoryFilter }>(async ({ input }) => {
        const page = await deps.api.payments.transactions(input.userUid, historyQuery(input.filter));
        return { total: page.total, items: page.items };
      }),
    },
    actions: {
      writeAddress: (_, { filter }) => deps.navigation.go(historyTarget(filter, deps.today())),
    },
  });
}

export interface TransactionDetailDeps {
  api: Pick<Api, 'payments'>;
  print: () => void;
}

export function provideTransactionDetail(deps: TransactionDetailDeps) {
  return transactionDetailMachine.provide({
    actors: {
      loadTransaction: fromPromise<TransactionRecord, { userUid: string; transactionId: number }>(({ input }) =>
        deps.api.payments.transactionDetail(input.userUid, input.transactionId),
      ),
    },
    actions: { printReceipt: () => deps.print() },
  });
}
