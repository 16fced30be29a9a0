import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONSENT_STORAGE_KEY,
  STORAGE_TEST_KEY,
  isStorageAvailable,
  pickStorage,
  readConsent,
  readJson,
  writeConsent,
  writeJson,
} from '../../src/domain/storage';
import { MemoryStorage } from './fakes';

const full = () => Object.assign(new MemoryStorage(), { failWrites: true });

describe('§5 storage is checked by writing and removing a test item', () => {
  it('a working storage is available and keeps no test item behind', () => {
    const storage = new MemoryStorage();
    expect(isStorageAvailable(storage)).toBe(true);
    expect(storage.data.has(STORAGE_TEST_KEY)).toBe(false);
  });
  it.each([
    ['a storage that refuses writes', () => full()],
    ['no storage', () => null],
    [
      'a getter that throws (storage blocked)',
      () => () => {
        throw new Error('SecurityError');
      },
    ],
  ])('%s is not available', (_name, make) => {
    expect(isStorageAvailable(make() as never)).toBe(false);
  });
});

describe('§5 local storage falls back to session storage', () => {
  it('uses local storage when it works', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    expect(pickStorage(local, session)).toBe(local);
  });
  it('falls back to session storage when local storage refuses writes', () => {
    const session = new MemoryStorage();
    expect(pickStorage(full(), session)).toBe(session);
  });
  it('falls back when reading window.localStorage itself throws', () => {
    const session = new MemoryStorage();
    const throwing = () => {
      throw new Error('SecurityError');
    };
    expect(pickStorage(throwing, () => session)).toBe(session);
  });
  it('answers null when neither works', () => {
    expect(pickStorage(full(), full())).toBeNull();
  });
});

describe('§5 JSON parse failures return null', () => {
  it.each([
    ['not JSON', '{oops', null],
    ['missing', undefined, null],
    ['JSON', '{"a":1}', { a: 1 }],
    ['JSON null', 'null', null],
  ])('%s', (_name, stored, expected) => {
    const storage = new MemoryStorage(stored === undefined ? {} : { k: stored });
    expect(readJson(storage, 'k')).toEqual(expected);
  });
  it('a read that throws returns null', () => {
    const storage = new MemoryStorage({ k: '{"a":1}' });
    storage.failReads = true;
    expect(readJson(storage, 'k')).toBeNull();
  });
  it('with a schema, a value of the wrong shape returns null', () => {
    const storage = new MemoryStorage({ k: '{"a":"x"}' });
    expect(readJson(storage, 'k', z.object({ a: z.number() }))).toBeNull();
    storage.setItem('k', '{"a":2}');
    expect(readJson(storage, 'k', z.object({ a: z.number() }))).toEqual({ a: 2 });
  });
  it('writeJson round-trips and reports a refused write', () => {
    const storage = new MemoryStorage();
    expect(writeJson(storage, 'k', { n: [1, 2] })).toBe(true);
    expect(readJson(storage, 'k')).toEqual({ n: [1, 2] });
    expect(writeJson(full(), 'k', 1)).toBe(false);
  });
});

describe('§5 consent', () => {
  const stored = (value: unknown) =>
    new MemoryStorage({ [CONSENT_STORAGE_KEY]: typeof value === 'string' ? value : JSON.stringify(value) });
  const cases: { name: string; storage: MemoryStorage | null; personalization: boolean; analytics: boolean }[] = [
    { name: 'no storage at all', storage: null, personalization: true, analytics: true },
    { name: 'no stored consent', storage: new MemoryStorage(), personalization: true, analytics: true },
    {
      name: 'unparseable consent (treated as absent)',
      storage: stored('{not json'),
      personalization: true,
      analytics: true,
    },
    {
      name: 'stored value without a consent object',
      storage: stored({ version: 2 }),
      personalization: true,
      analytics: true,
    },
    {
      name: 'consent object that is not an object',
      storage: stored({ consent: 'yes' }),
      personalization: true,
      analytics: true,
    },
    {
      name: 'analytics consent given',
      storage: stored({ consent: { analytics: true, personalization: true } }),
      personalization: true,
      analytics: true,
    },
    {
      name: 'analytics consent refused',
      storage: stored({ consent: { analytics: false, personalization: true } }),
      personalization: true,
      analytics: false,
    },
    {
      name: 'consent object without analytics',
      storage: stored({ consent: { personalization: true } }),
      personalization: true,
      analytics: false,
    },
    {
      name: 'personalization refused',
      storage: stored({ consent: { analytics: true, personalization: false } }),
      personalization: false,
      analytics: true,
    },
    {
      name: 'personalization unreadable defaults to allowed',
      storage: stored({ consent: { analytics: true, personalization: 'maybe' } }),
      personalization: true,
      analytics: true,
    },
    {
      name: 'flags as strings',
      storage: stored({ consent: { analytics: 'true', personalization: 'false' } }),
      personalization: false,
      analytics: true,
    },
  ];
  it.each(cases)('$name', ({ storage, personalization, analytics }) => {
    expect(readConsent(storage)).toMatchObject({ personalization, analytics });
  });
  it('a read that throws counts as no stored consent', () => {
    const storage = stored({ consent: { analytics: false, personalization: false } });
    storage.failReads = true;
    expect(readConsent(storage)).toEqual({ personalization: true, analytics: true, stored: false });
  });
  it('writeConsent writes what readConsent reads', () => {
    const storage = new MemoryStorage();
    writeConsent(storage, { analytics: false, personalization: true });
    expect(readConsent(storage)).toEqual({ personalization: true, analytics: false, stored: true });
  });
});
