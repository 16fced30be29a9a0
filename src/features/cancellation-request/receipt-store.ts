import { cancellationReceipt, type CancellationReceipt } from '../../api/schemas/subscriptions';

/** What the received page shows: the server's receipt, kept for the tab's life so a reload still shows it. */
export type StoredReceipt = CancellationReceipt;

const KEY = 'cancellationReceipt';

export function saveReceipt(receipt: StoredReceipt, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(receipt));
  } catch {
    /* storage full or blocked: the page still shows the receipt from memory */
  }
}

export function loadReceipt(storage: Storage = sessionStorage): StoredReceipt | null {
  try {
    const parsed = cancellationReceipt.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
