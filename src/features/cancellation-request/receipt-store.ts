import { z } from 'zod';

/** What the received page shows; kept for the tab's life so a reload still shows it. */
export const storedReceipt = z.object({
  CancellationNumber: z.string(),
  ReceivedAt: z.string(),
  EffectiveDate: z.string().nullable(),
  AccountId: z.string(),
  EmailAddress: z.string(),
  IsExtraordinary: z.boolean(),
});
export type StoredReceipt = z.infer<typeof storedReceipt>;

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
    const parsed = storedReceipt.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
