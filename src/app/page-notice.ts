/**
 * A one-time notice for the next page the app shows (the add-on just paid, on the next offer or
 * the page the upsell sequence ends on). Kept in session storage so the page that writes it and the
 * page that shows it need not know each other; the frame takes it when the address changes.
 */
import { PAGE_NOTICE_KEY } from '../domain/page-notice-key';
import type { KeyValueStorage } from '../domain/storage';

export function leavePageNotice(storage: KeyValueStorage | null, text: string): void {
  try {
    storage?.setItem(PAGE_NOTICE_KEY, text);
  } catch {
    // Storage refused: the notice is lost, the purchase is not.
  }
}

/** The notice left for this page, removed as it is read: it shows once. */
export function takePageNotice(storage: KeyValueStorage | null): string | null {
  try {
    const text = storage?.getItem(PAGE_NOTICE_KEY) ?? null;
    if (text !== null) storage?.removeItem(PAGE_NOTICE_KEY);
    return text && text.trim() !== '' ? text : null;
  } catch {
    return null;
  }
}

/** Drops a notice no page will show (the person leaves for a page that does not read it). */
export function dropPageNotice(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(PAGE_NOTICE_KEY);
  } catch {
    // Nothing to drop.
  }
}
