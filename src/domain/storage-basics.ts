/**
 * The parts of browser storage and consent that need no library (§5 "Storage", "Consent"): which
 * storage to use, and what a stored consent allows. main.tsx reads them before the app's code has
 * come (page-at-rest.ts), so this module imports nothing; domain/storage.ts builds on it.
 */
/** The part of the Web Storage API we use; `localStorage`, `sessionStorage` and test fakes fit. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StorageSource = KeyValueStorage | null | undefined | (() => KeyValueStorage | null | undefined);

export const STORAGE_TEST_KEY = '__storage_test__';

function resolve(source: StorageSource): KeyValueStorage | null {
  try {
    const storage = typeof source === 'function' ? source() : source;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** A storage is available when a test item can be written and removed again. */
export function isStorageAvailable(source: StorageSource): boolean {
  const storage = resolve(source);
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_TEST_KEY, STORAGE_TEST_KEY);
    storage.removeItem(STORAGE_TEST_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Local storage if it works, else session storage, else null. */
export function pickStorage(local: StorageSource, session: StorageSource): KeyValueStorage | null {
  if (isStorageAvailable(local)) return resolve(local);
  if (isStorageAvailable(session)) return resolve(session);
  return null;
}

export const CONSENT_STORAGE_KEY = 'COOKIE_CONSENT';

export interface ConsentState {
  /** Personalization is allowed unless a readable consent object turns it off. */
  personalization: boolean;
  /** Analytics is allowed with analytics consent, with no stored consent, or with no consent object. */
  analytics: boolean;
  /** Whether a readable consent object was found. */
  stored: boolean;
}

const asFlag = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  return undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a stored consent value allows; anything unreadable counts as no stored consent, which allows both. */
export function consentOf(stored: unknown): ConsentState {
  if (!isObject(stored) || !isObject(stored.consent)) return { personalization: true, analytics: true, stored: false };
  const consent = stored.consent;
  return {
    personalization: asFlag(consent.personalization) ?? true,
    analytics: asFlag(consent.analytics) === true,
    stored: true,
  };
}
