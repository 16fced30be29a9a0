/**
 * The browser's cookie and storage, for the blocks' pure rules. Everything here tolerates a
 * browser that blocks cookies or storage: reads give nothing, writes are skipped.
 */
import { pickStorage, readConsent, type KeyValueStorage } from '../../../../domain/storage';

export function documentCookies(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

export function writeCookies(cookies: readonly string[]): void {
  for (const cookie of cookies) {
    try {
      document.cookie = cookie;
    } catch {
      // cookies blocked: the block still works for this page view
    }
  }
}

/** Local storage, or session storage when local storage does not work (§5). */
export function browserStorage(): KeyValueStorage | null {
  return pickStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );
}

/** Personalization consent as stored in local storage; allowed when unreadable (§5). */
export function personalizationAllowed(): boolean {
  return readConsent(pickStorage(() => window.localStorage, null)).personalization;
}
