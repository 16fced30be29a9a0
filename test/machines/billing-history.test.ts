import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { billingHistoryMachine } from '../../machines/billing-history.machine';
import { transactionDetailMachine } from '../../machines/transaction-detail.machine';
import {
  addressOfFilter,
  billingYear,
  filterFromAddress,
  historyQuery,
  isDay,
  isMissingTransaction,
  pageOf,
  paymentMethodOf,
  servicePeriodOf,
  signedAmount,
  transactionIdOf,
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
} from '../../machines/billing-history.rules';
import { ApiFailure } from '../../src/api/failure';
import { DEFAULT_FILTER, SALE, seededPage } from './models/billingHistory.model';

const TODAY = new Date(2026, 10, 26, 12);

describe('billing history rules', () => {
  it('shows one billing year back by default, up to today', () => {
    expect(billingYear(TODAY)).toEqual({ startDate: '2025-11-26', endDate: '2026-11-26' });
    expect(filterFromAddress({}, TODAY)).toEqual({
      startDate: '2025-11-26',
      endDate: '2026-11-26',
      kind: 'all',
      skip: 0,
    });
  });

  it('reads the address, and drops an invalid or reversed range to the billing year', () => {
    expect(
      filterFromAddress({ startdate: '2026-01-01', enddate: '2026-02-01', txtype: 'refund', skip: 5 }, TODAY),
    ).toEqual({ startDate: '2026-01-01', endDate: '2026-02-01', kind: 'refunds', skip: 5 });
    expect(filterFromAddress({ startdate: '2026-02-30' }, TODAY).startDate).toBe('2025-11-26');
    expect(filterFromAddress({ startdate: '2026-03-01', enddate: '2026-02-01' }, TODAY)).toMatchObject(
      billingYear(TODAY),
    );
    expect(filterFromAddress({ skip: -5 }, TODAY).skip).toBe(0);
    expect(filterFromAddress({ skip: 10 ** 9 }, TODAY).skip).toBe(100_000);
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-13-01')).toBe(false);
  });

  it('writes only what differs from the defaults to the address, and reads it back the same', () => {
    const plain = filterFromAddress({}, TODAY);
    expect(addressOfFilter(plain, TODAY)).toEqual({});
    const chosen: HistoryFilter = { startDate: '2026-01-01', endDate: '2026-06-30', kind: 'sales', skip: 10 };
    expect(addressOfFilter(chosen, TODAY)).toEqual({
      startdate: '2026-01-01',
      enddate: '2026-06-30',
      txtype: 'sale',
      skip: 10,
    });
    expect(filterFromAddress(addressOfFilter(chosen, TODAY), TODAY)).toEqual(chosen);
  });

  it('asks the API for the range, the kind and a page with skip and top', () => {
    expect(historyQuery({ startDate: '2026-01-01', endDate: '2026-06-30', kind: 'all', skip: 0 })).toEqual({
      skip: 0,
      top: HISTORY_PAGE_SIZE,
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
    expect(
      historyQuery({ startDate: '2026-01-01', endDate: '2026-06-30', kind: 'refunds', skip: 5 }).transactionTypes,
    ).toEqual(['RFND']);
    expect(
      historyQuery({ startDate: '2026-01-01', endDate: '2026-06-30', kind: 'sales', skip: 5 }).transactionTypes,
    ).toEqual(['SALE']);
  });

  it('pages: the neighbours exist only within the total', () => {
    expect(pageOf(7, 0)).toEqual({ page: 1, pages: 2, previousSkip: null, nextSkip: 5 });
    expect(pageOf(7, 5)).toEqual({ page: 2, pages: 2, previousSkip: 0, nextSkip: null });
    expect(pageOf(0, 0)).toEqual({ page: 1, pages: 1, previousSkip: null, nextSkip: null });
  });

  it('a refund counts negative, a card shows its brand and last four, another method its code', () => {
    expect(signedAmount({ transaction_type: 'RFND', price: 23.95 })).toBe(-23.95);
    expect(signedAmount({ transaction_type: 'SALE', price: 4.95 })).toBe(4.95);
    expect(paymentMethodOf(SALE)).toEqual({ kind: 'card', brand: 'MASTERCARD', lastFour: '5454' });
    expect(paymentMethodOf({ card_type: null, last_four_digits: null, payment_method_cd: 'PYPL' })).toEqual({
      kind: 'method',
      code: 'PYPL',
    });
    expect(servicePeriodOf({ service_start_date: null, service_end_date: null })).toBeNull();
  });

  it('a missing or foreign transaction is not found; an outage is not', () => {
    expect(isMissingTransaction(new ApiFailure('forbidden', 403, 'FORBIDDEN', 'x'))).toBe(true);
    expect(isMissingTransaction(new ApiFailure('notFound', 404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isMissingTransaction(new ApiFailure('server', 503, null, 'x'))).toBe(false);
    expect(isMissingTransaction(new Error('x'))).toBe(false);
    expect(transactionIdOf('123')).toBe(123);
    expect(transactionIdOf('abc')).toBeNull();
    expect(transactionIdOf('0')).toBeNull();
  });
});

function startHistory(
  load: (filter: HistoryFilter) => Promise<ReturnType<typeof seededPage>> = async (f) => seededPage(f),
) {
  const calls = { loads: [] as HistoryFilter[], written: [] as HistoryFilter[] };
  const machine = billingHistoryMachine.provide({
    actors: {
      loadTransactions: fromPromise(async ({ input }: { input: { userUid: string; filter: HistoryFilter } }) => {
        calls.loads.push(input.filter);
        return load(input.filter);
      }),
    },
    actions: { writeAddress: (_, params) => calls.written.push(params.filter) },
  });
  return { actor: createActor(machine, { input: { userUid: 'u-1', filter: DEFAULT_FILTER } }).start(), calls };
}

describe('billingHistory machine', () => {
  it('loads the billing year, pages on and back, each page written to the address', async () => {
    const { actor, calls } = startHistory();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().can({ type: 'history.previous' })).toBe(false);
    actor.send({ type: 'history.next' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.page?.items).toHaveLength(2);
    expect(actor.getSnapshot().can({ type: 'history.next' })).toBe(false);
    actor.send({ type: 'history.previous' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.loads.map((f) => f.skip)).toEqual([0, 5, 0]);
    expect(calls.written.map((f) => f.skip)).toEqual([5, 0]);
  });

  it('a filter starts again at the first page; a reversed range is refused; the same address loads nothing', async () => {
    const { actor, calls } = startHistory();
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'history.next' });
    await waitFor(actor, (s) => s.matches('loaded'));
    const reversed = { type: 'history.filter', startDate: '2026-06-01', endDate: '2026-01-01', kind: 'all' } as const;
    expect(actor.getSnapshot().can(reversed)).toBe(false);
    actor.send(reversed);
    actor.send({ type: 'history.filter', startDate: '2026-01-01', endDate: '2026-06-01', kind: 'refunds' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.filter).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-06-01',
      kind: 'refunds',
      skip: 0,
    });
    actor.send({ type: 'history.show', filter: actor.getSnapshot().context.filter });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    // Back in the browser: the address's filter is shown, and not written again.
    actor.send({ type: 'history.show', filter: DEFAULT_FILTER });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.loads).toHaveLength(4);
    expect(calls.written).toHaveLength(2);
  });

  it('a failed load offers a retry that loads the same filter', async () => {
    let attempts = 0;
    const { actor, calls } = startHistory(async (f) =>
      attempts++ === 0 ? Promise.reject(new Error('503')) : seededPage(f),
    );
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'history.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.loads).toEqual([DEFAULT_FILTER, DEFAULT_FILTER]);
  });
});

describe('transactionDetail machine', () => {
  const start = (transactionId: number | null, load: () => Promise<typeof SALE>) => {
    const printed: number[] = [];
    const machine = transactionDetailMachine.provide({
      actors: { loadTransaction: fromPromise(load) },
      actions: { printReceipt: () => printed.push(1) },
    });
    return { actor: createActor(machine, { input: { userUid: 'u-1', transactionId } }).start(), printed };
  };

  it('shows the transaction and prints its receipt', async () => {
    const { actor, printed } = start(SALE.transaction_id, async () => SALE);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'receipt.print' });
    expect(printed).toEqual([1]);
  });

  it('another person’s transaction (403), an unknown one (404) or an address without an id is not found', async () => {
    for (const error of [
      new ApiFailure('forbidden', 403, 'FORBIDDEN', 'x'),
      new ApiFailure('notFound', 404, 'NOT_FOUND', 'x'),
    ]) {
      const { actor } = start(5, () => Promise.reject(error));
      await waitFor(actor, (s) => s.matches('notFound'));
    }
    let asked = 0;
    const { actor } = start(null, async () => {
      asked += 1;
      return SALE;
    });
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(0);
  });

  it('an outage offers a retry', async () => {
    let attempts = 0;
    const { actor } = start(5, async () =>
      attempts++ === 0 ? Promise.reject(new ApiFailure('server', 503, null, 'down')) : SALE,
    );
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'detail.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
  });
});
