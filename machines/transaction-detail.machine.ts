import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isMissingTransaction, type TransactionRecord } from './billing-history.rules';

export interface TransactionDetailInput {
  userUid: string;
  /** The id in the address; null when it is not an id at all. */
  transactionId: number | null;
}

export interface TransactionDetailContext extends TransactionDetailInput {
  transaction: TransactionRecord | null;
}

export type TransactionDetailEvent = { type: 'detail.retry' } | { type: 'receipt.print' };

/**
 * Transaction detail (spec §2 "Other screens", §3 Transaction): loads one of the person's
 * transactions. One that is not there, or is someone else's, is not found; any other failure
 * offers a retry. The loaded receipt can be printed (and downloaded from the server).
 */
export const transactionDetailMachine = setup({
  types: {
    input: {} as TransactionDetailInput,
    context: {} as TransactionDetailContext,
    events: {} as TransactionDetailEvent,
  },
  actors: {
    loadTransaction: fromPromise<TransactionRecord, { userUid: string; transactionId: number }>(async () => {
      throw new Error('loadTransaction is provided by the app');
    }),
  },
  guards: {
    hasNoTransactionId: ({ context }) => context.transactionId === null,
    isMissing: (_, params: { error: unknown }) => isMissingTransaction(params.error),
  },
  actions: {
    /** Opens the browser's print dialog on the receipt; provided by the app. */
    printReceipt: () => {},
  },
}).createMachine({
  id: 'transactionDetail',
  context: ({ input }) => ({ ...input, transaction: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // An address whose id is not an id is not found before anything is asked of the server.
      always: { guard: 'hasNoTransactionId', target: 'notFound' },
      invoke: {
        id: 'loadTransaction',
        src: 'loadTransaction',
        input: ({ context }) => ({ userUid: context.userUid, transactionId: context.transactionId! }),
        onDone: { target: 'loaded', actions: assign({ transaction: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      on: { 'detail.retry': { target: 'loading' } },
    },
    notFound: {},
    loaded: {
      on: { 'receipt.print': { actions: 'printReceipt' } },
    },
  },
});

export type TransactionDetailActor = ActorRefFrom<typeof transactionDetailMachine>;
