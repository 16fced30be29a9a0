import { describe, expect, it } from 'vitest';
import {
  LOW_INTENT_KEYS,
  readClaimedOffer,
  readClaimedPriceOffer,
  readLowIntentFlag,
  readSellPageVisit,
  recordSellPageVisit,
  writeClaimedOffer,
} from '../../src/domain/low-intent-storage';
import { pickStorage } from '../../src/domain/storage';
import { MemoryStorage } from './fakes';

const now = new Date('2026-03-02T10:00:00.000Z');

describe('the local low-intent flag', () => {
  it.each([
    ['true', true],
    [' TRUE ', true],
    ['"true"', true],
    ['false', false],
    ['1', false],
    ['', false],
  ])('%j → %s', (stored, expected) => {
    expect(readLowIntentFlag(new MemoryStorage({ [LOW_INTENT_KEYS.localFlag]: stored }))).toBe(expected);
  });

  it('is off when missing, unreadable or without storage', () => {
    expect(readLowIntentFlag(new MemoryStorage())).toBe(false);
    const blocked = new MemoryStorage({ [LOW_INTENT_KEYS.localFlag]: 'true' });
    blocked.failReads = true;
    expect(readLowIntentFlag(blocked)).toBe(false);
    expect(readLowIntentFlag(null)).toBe(false);
  });
});

describe('§9 claimed low-intent offers', () => {
  it('an accepted offer keeps the specific offer and the price it was shown at', () => {
    const storage = new MemoryStorage();
    expect(writeClaimedOffer(storage, { offer: 'CVReview', price: { amount: 25.95, currency: 'USD' }, now })).toBe(
      true,
    );
    expect(JSON.parse(storage.data.get(LOW_INTENT_KEYS.claimedSpecificOffer)!)).toEqual({
      offer: 'CVReview',
      claimedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(readClaimedPriceOffer(storage)).toEqual({
      offer: 'CVReview',
      currency: 'USD',
      strikePrice: 25.95,
      claimedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(readClaimedOffer(storage)).toBe('CVReview');
  });

  it('a declined popup keeps SkipOffer and no price offer', () => {
    const storage = new MemoryStorage();
    expect(writeClaimedOffer(storage, { offer: 'SkipOffer', price: { amount: 25.95, currency: 'USD' }, now })).toBe(
      true,
    );
    expect(readClaimedOffer(storage)).toBe('SkipOffer');
    expect(storage.data.has(LOW_INTENT_KEYS.claimedPriceOffer)).toBe(false);
  });

  it.each([
    ['nothing stored', {}, null],
    [
      'the specific offer',
      { [LOW_INTENT_KEYS.claimedSpecificOffer]: '{"offer":"BoldPro","claimedAt":"x"}' },
      'BoldPro',
    ],
    [
      'only a price offer',
      {
        [LOW_INTENT_KEYS.claimedPriceOffer]:
          '{"offer":"CoverLetter","currency":"GBP","strikePrice":19.95,"claimedAt":"x"}',
      },
      'CoverLetter',
    ],
    ['text that is not JSON', { [LOW_INTENT_KEYS.claimedSpecificOffer]: '{offer: CVCheck' }, null],
    ['JSON of the wrong shape', { [LOW_INTENT_KEYS.claimedSpecificOffer]: '"CVCheck"' }, null],
    [
      'an offer we do not know',
      { [LOW_INTENT_KEYS.claimedSpecificOffer]: '{"offer":"Discount","claimedAt":"x"}' },
      null,
    ],
    [
      'a broken specific offer beside a good price offer',
      {
        [LOW_INTENT_KEYS.claimedSpecificOffer]: 'not json',
        [LOW_INTENT_KEYS.claimedPriceOffer]: '{"offer":"CVCheck","currency":"USD","strikePrice":25.95,"claimedAt":"x"}',
      },
      'CVCheck',
    ],
  ])('%s → %j', (_name, stored, expected) => {
    expect(readClaimedOffer(new MemoryStorage(stored))).toBe(expected);
  });

  it('a storage that refuses to write says so, and nothing reads back', () => {
    const full = new MemoryStorage();
    full.failWrites = true;
    expect(writeClaimedOffer(full, { offer: 'CVCheck', price: { amount: 25.95, currency: 'USD' }, now })).toBe(false);
    expect(readClaimedOffer(full)).toBeNull();
    expect(writeClaimedOffer(null, { offer: 'CVCheck', price: null, now })).toBe(false);
    expect(readClaimedOffer(null)).toBeNull();
  });

  it('falls back to session storage when local storage is blocked', () => {
    const local = new MemoryStorage();
    local.failWrites = true;
    const session = new MemoryStorage();
    const storage = pickStorage(local, session);
    writeClaimedOffer(storage, { offer: 'CoverLetter', price: { amount: 24.95, currency: 'EUR' }, now });
    expect(readClaimedOffer(session)).toBe('CoverLetter');
    expect(readClaimedOffer(pickStorage(local, session))).toBe('CoverLetter');
    expect(local.data.size).toBe(0);
  });
});

describe('second sell-page visit, kept in storage', () => {
  it('the first visit remembers its session; a reload is not a second visit; a new session is', () => {
    const storage = new MemoryStorage();
    expect(recordSellPageVisit(storage, 'S1')).toBe(false);
    expect(readSellPageVisit(storage)).toEqual({ firstSessionId: 'S1' });
    expect(recordSellPageVisit(storage, 'S1')).toBe(false);
    expect(recordSellPageVisit(storage, 'S2')).toBe(true);
    expect(recordSellPageVisit(storage, 'S3')).toBe(true);
    expect(readSellPageVisit(storage)).toEqual({ firstSessionId: 'S1' });
  });

  it('a broken record starts over', () => {
    const storage = new MemoryStorage({ [LOW_INTENT_KEYS.sellPageVisit]: '{"firstSession' });
    expect(recordSellPageVisit(storage, 'S2')).toBe(false);
    expect(readSellPageVisit(storage)).toEqual({ firstSessionId: 'S2' });
  });

  it('without storage or session no visit counts as a second one', () => {
    expect(recordSellPageVisit(null, 'S2')).toBe(false);
    const storage = new MemoryStorage({ [LOW_INTENT_KEYS.sellPageVisit]: '{"firstSessionId":"S1"}' });
    expect(recordSellPageVisit(storage, null)).toBe(false);
  });
});
