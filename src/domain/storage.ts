/**
 * Browser storage with the spec's fallbacks (§5 "Storage", "Consent"; §8 silent fallbacks).
 *
 * Nothing here reads `window`: callers pass the storages, as getters because merely
 * reading `window.localStorage` throws in some browsers when storage is blocked.
 */
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { CONSENT_STORAGE_KEY, consentOf, type ConsentState, type KeyValueStorage } from './storage-basics';

export { STORAGE_TEST_KEY, isStorageAvailable, pickStorage, type KeyValueStorage } from './storage-basics';

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
export function readJson<T = unknown>(
  storage: KeyValueStorage | null | undefined,
  key: string,
  schema?: $ZodType<T>,
): T | null {
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

export { CONSENT_STORAGE_KEY, type ConsentState } from './storage-basics';

/** Reads consent; anything unreadable counts as no stored consent, which allows both. */
export function readConsent(
  storage: KeyValueStorage | null | undefined,
  key: string = CONSENT_STORAGE_KEY,
): ConsentState {
  return consentOf(readJson(storage, key));
}

export function writeConsent(
  storage: KeyValueStorage | null | undefined,
  consent: { analytics: boolean; personalization: boolean },
  key: string = CONSENT_STORAGE_KEY,
): boolean {
  return writeJson(storage, key, {
    consent: { analytics: consent.analytics, personalization: consent.personalization },
  });
}
