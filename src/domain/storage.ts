/**
 * Browser storage with the spec's fallbacks (§5 "Storage", "Consent"; §8 silent fallbacks).
 *
 * Nothing here reads `window`: callers pass the storages, as getters because merely
 * reading `window.localStorage` throws in some browsers when storage is blocked.
 */
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

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

/** The stored string, or null when missing or when reading throws. */
export function readItem(storage: KeyValueStorage | null | undefined, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a string; false when there is no storage or it refuses (quota, private mode). */
export function writeItem(storage: KeyValueStorage | null | undefined, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(storage: KeyValueStorage | null | undefined, key: string): boolean {
  if (!storage) return false;
  try {
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored JSON value, or null when missing, unreadable, not JSON, or (with a schema)
 * not of the expected shape.
 */
export function readJson<T = unknown>(storage: KeyValueStorage | null | undefined, key: string, schema?: $ZodType<T>): T | null {
  const raw = readItem(storage, key);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!schema) return value as T;
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : null;
}

export function writeJson(storage: KeyValueStorage | null | undefined, key: string, value: unknown): boolean {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  return text === undefined ? false : writeItem(storage, key, text);
}

// ---------------------------------------------------------------------------------------
// Local keys (§9).

/** "true" once the person accepted the cancellation reminder in this browser. */
export const ACCEPTED_CANCELLATION_REMINDER_KEY = 'acceptedCancellationReminder';

// ---------------------------------------------------------------------------------------
// Consent (§5): read from local storage under COOKIE_CONSENT.
//
// The stored value is a JSON object whose `consent` property is the consent object:
//   {"consent":{"analytics":true,"personalization":false}}
// Flags may be booleans or the strings "true"/"false".

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads consent; anything unreadable counts as no stored consent, which allows both. */
export function readConsent(storage: KeyValueStorage | null | undefined, key: string = CONSENT_STORAGE_KEY): ConsentState {
  const stored = readJson(storage, key);
  if (!isObject(stored) || !isObject(stored.consent)) return { personalization: true, analytics: true, stored: false };
  const consent = stored.consent;
  return {
    personalization: asFlag(consent.personalization) ?? true,
    analytics: asFlag(consent.analytics) === true,
    stored: true,
  };
}

export function writeConsent(
  storage: KeyValueStorage | null | undefined,
  consent: { analytics: boolean; personalization: boolean },
  key: string = CONSENT_STORAGE_KEY,
): boolean {
  return writeJson(storage, key, { consent: { analytics: consent.analytics, personalization: consent.personalization } });
}
