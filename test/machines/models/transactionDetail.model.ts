import type { PathModel } from '../coverage';
import type { TransactionDetailInput } from '../../../machines/transaction-detail.machine';
import { SALE } from './billingHistory.model';

export const transactionDetailModel: PathModel = {
  inputs: [
    { userUid: '5eed0000-0000-4000-8000-000000000003', transactionId: SALE.transaction_id },
    // The address's id is not an id at all.
    { userUid: '5eed0000-0000-4000-8000-000000000003', transactionId: null },
  ] satisfies TransactionDetailInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadTransaction', output: SALE },
        // Someone else's transaction (403) or none by that id (404).
        { type: 'xstate.error.actor.loadTransaction', error: { kind: 'forbidden', status: 403 } },
        { type: 'xstate.error.actor.loadTransaction', error: new Error('503') },
      ];
    }
    return [{ type: 'detail.retry' }, { type: 'receipt.print' }];
  },
};
