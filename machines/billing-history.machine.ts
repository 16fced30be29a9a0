import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  isDay,
  isReversedRange,
  pageOf,
  sameFilter,
  type HistoryFilter,
  type HistoryPage,
  type TransactionKind,
} from './billing-history.rules';

export interface BillingHistoryInput {
  userUid: string;
  /** The filter the address asks for (billing-history.rules.ts filterFromAddress). */
  filter: HistoryFilter;
}

export interface BillingHistoryContext extends BillingHistoryInput {
  /** The page shown; kept while the next one loads, null until the first arrives. */
  page: HistoryPage | null;
}

export type BillingHistoryEvent =
  /** The address names a filter (back, forward, a link): it is shown as it is. */
  | { type: 'history.show'; filter: HistoryFilter }
  /** The person applies a range and a kind: the list starts again at its first page. */
  | { type: 'history.filter'; startDate: string; endDate: string; kind: TransactionKind }
  | { type: 'history.next' }
  | { type: 'history.previous' }
  | { type: 'history.retry' };

type FilterEvent = Extract<BillingHistoryEvent, { type: 'history.filter' }>;

const filterOf = (event: FilterEvent): HistoryFilter => ({
  startDate: event.startDate,
  endDate: event.endDate,
  kind: event.kind,
  skip: 0,
});

/**
 * Billing history (spec §2 "Other screens", §7): loads a page of the person's transactions for
 * the filter (one billing year back by default), pages with skip and top, and on a failure
 * offers a retry. Each filter or page the person picks is written to the address, so reload and
 * back show it again.
 */
export const billingHistoryMachine = setup({
  types: {
    input: {} as BillingHistoryInput,
    context: {} as BillingHistoryContext,
    events: {} as BillingHistoryEvent,
  },
  actors: {
    loadTransactions: fromPromise<HistoryPage, { userUid: string; filter: HistoryFilter }>(async () => {
      throw new Error('loadTransactions is provided by the app');
    }),
  },
  guards: {
    changesFilter: ({ context }, params: { filter: HistoryFilter }) => !sameFilter(context.filter, params.filter),
    isValidRange: (_, params: { startDate: string; endDate: string }) =>
      isDay(params.startDate) && isDay(params.endDate) && !isReversedRange(params.startDate, params.endDate),
    hasNextPage: ({ context }) =>
      context.page !== null && pageOf(context.page.total, context.filter.skip).nextSkip !== null,
    hasPreviousPage: ({ context }) => context.filter.skip > 0,
  },
  actions: {
    /** Puts the filter in the address (a new history entry); provided by the app. */
    writeAddress: (_, _params: { filter: HistoryFilter }) => {},
    rememberFilter: assign((_, params: { filter: HistoryFilter }) => ({ filter: params.filter })),
  },
}).createMachine({
  id: 'billingHistory',
  context: ({ input }) => ({ ...input, page: null }),
  initial: 'loading',
  on: {
    'history.show': {
      guard: { type: 'changesFilter', params: ({ event }) => ({ filter: event.filter }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'rememberFilter', params: ({ event }) => ({ filter: event.filter }) },
    },
    'history.filter': {
      guard: { type: 'isValidRange', params: ({ event }) => ({ startDate: event.startDate, endDate: event.endDate }) },
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'rememberFilter', params: ({ event }) => ({ filter: filterOf(event) }) },
        { type: 'writeAddress', params: ({ event }) => ({ filter: filterOf(event) }) },
      ],
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTransactions',
        src: 'loadTransactions',
        input: ({ context }) => ({ userUid: context.userUid, filter: context.filter }),
        onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'history.retry': { target: 'loading' } },
    },
    loaded: {
      on: {
        'history.next': {
          guard: 'hasNextPage',
          target: 'loading',
          actions: [
            {
              type: 'rememberFilter',
              params: ({ context }) => ({
                filter: { ...context.filter, skip: pageOf(context.page!.total, context.filter.skip).nextSkip! },
              }),
            },
            { type: 'writeAddress', params: ({ context }) => ({ filter: context.filter }) },
          ],
        },
        'history.previous': {
          guard: 'hasPreviousPage',
          target: 'loading',
          actions: [
            {
              type: 'rememberFilter',
              params: ({ context }) => ({
                filter: {
                  ...context.filter,
                  skip: pageOf(context.page?.total ?? 0, context.filter.skip).previousSkip ?? 0,
                },
              }),
            },
            { type: 'writeAddress', params: ({ context }) => ({ filter: context.filter }) },
          ],
        },
      },
    },
  },
});

export type BillingHistoryActor = ActorRefFrom<typeof billingHistoryMachine>;
