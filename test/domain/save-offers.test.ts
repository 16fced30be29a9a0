import { describe, expect, it } from 'vitest';
import {
  PAUSE_MONTHS,
  REDEMPTION_LIMIT,
  REDEMPTION_WINDOW_MONTHS,
  SAVE_OFFERS,
  SAVE_OFFER_IDS,
  addMonths,
  discountedPrice,
  isSaveOfferRedeemable,
  type RedeemableInput,
} from '../../src/domain/save-offers';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const at = (iso: string) => ({ redeemedAt: iso });

describe('the save-offer catalogue', () => {
  it('has a half-off discount and a free month, each described by its kind', () => {
    expect(SAVE_OFFER_IDS).toEqual(['halfOffNextRenewal', 'freeMonth']);
    expect(SAVE_OFFERS.halfOffNextRenewal).toEqual({
      id: 'halfOffNextRenewal',
      kind: 'discount',
      discountPercent: 50,
      freeMonths: null,
    });
    expect(SAVE_OFFERS.freeMonth).toEqual({ id: 'freeMonth', kind: 'freeMonth', discountPercent: null, freeMonths: 1 });
    expect(REDEMPTION_LIMIT).toBe(1);
    expect(REDEMPTION_WINDOW_MONTHS).toBe(12);
    expect(PAUSE_MONTHS).toEqual([1, 2, 3]);
  });
});

describe('isSaveOfferRedeemable', () => {
  const base: RedeemableInput = { status: 'ACTV', planIsRecurring: true, redemptions: [], now: NOW };
  const rows: [string, Partial<RedeemableInput>, boolean][] = [
    ['active, recurring, never redeemed', {}, true],
    ['cancelled (EXPR)', { status: 'EXPR' }, false],
    ['ended (EXPD)', { status: 'EXPD' }, false],
    ['suspended', { status: 'SUSP' }, false],
    ['retrying a payment', { status: 'RTRY' }, false],
    ['payment pending', { status: 'PEND' }, false],
    ['active but not renewing (a one-off annual plan)', { planIsRecurring: false }, false],
    ['one redemption yesterday', { redemptions: [at('2026-11-24T12:00:00.000Z')] }, false],
    ['one redemption eleven months ago', { redemptions: [at('2025-12-25T12:00:00.000Z')] }, false],
    ['one redemption just inside twelve months', { redemptions: [at('2025-11-25T12:00:01.000Z')] }, false],
    ['one redemption exactly twelve months ago', { redemptions: [at('2025-11-25T12:00:00.000Z')] }, true],
    ['one redemption thirteen months ago', { redemptions: [at('2025-10-25T12:00:00.000Z')] }, true],
    ['one redemption stamped a moment after now', { redemptions: [at('2026-11-25T12:00:01.000Z')] }, false],
    [
      'an old one and a recent one',
      { redemptions: [at('2024-01-01T00:00:00.000Z'), at('2026-06-01T00:00:00.000Z')] },
      false,
    ],
    ['two old ones', { redemptions: [at('2024-01-01T00:00:00.000Z'), at('2025-01-01T00:00:00.000Z')] }, true],
    ['a Date rather than a string', { redemptions: [{ redeemedAt: new Date('2026-10-01T00:00:00.000Z') }] }, false],
    ['not active and already redeemed', { status: 'EXPR', redemptions: [at('2026-11-01T00:00:00.000Z')] }, false],
  ];
  it.each(rows)('%s → %s', (_name, input, expected) => {
    expect(isSaveOfferRedeemable({ ...base, ...input })).toBe(expected);
  });
});

describe('addMonths', () => {
  const rows: [string, number, string][] = [
    ['2026-11-25T12:00:00.000Z', 1, '2026-12-25T12:00:00.000Z'],
    ['2026-11-25T12:00:00.000Z', 3, '2027-02-25T12:00:00.000Z'],
    ['2026-01-31T08:30:00.000Z', 1, '2026-02-28T08:30:00.000Z'],
    ['2028-01-31T08:30:00.000Z', 1, '2028-02-29T08:30:00.000Z'],
    ['2026-03-31T00:00:00.000Z', -1, '2026-02-28T00:00:00.000Z'],
    ['2026-11-25T12:00:00.000Z', -12, '2025-11-25T12:00:00.000Z'],
  ];
  it.each(rows)('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe('discountedPrice', () => {
  const rows: [number, number | null, number][] = [
    [29.95, 50, 14.98],
    [24.95, 50, 12.48],
    [0.01, 50, 0.01],
    [19.95, null, 19.95],
    [24.95, 0, 24.95],
    [100, 50, 50],
  ];
  it.each(rows)('%d with %s %% off is %d', (price, percent, expected) => {
    expect(discountedPrice(price, percent)).toBe(expected);
  });
});
