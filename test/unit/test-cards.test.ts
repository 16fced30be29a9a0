import { describe, expect, it } from 'vitest';
import {
  cardTypeOf,
  cvcIsValid,
  digitsOf,
  expiryIsValid,
  outcomeOf,
  passesLuhn,
} from '../../server/sandbox/test-cards.js';

describe('sandbox test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'success', 0],
    ['4000 0000 0000 0002', 'declined', 0],
    ['4000-0000-0000-3220', 'success', 6000],
    ['5555 5555 5555 4444', 'declined', 0],
  ])('%s → %s', (input, outcome, delay) => {
    const digits = digitsOf(input);
    expect(passesLuhn(digits)).toBe(true);
    expect(outcomeOf(digits)).toEqual({ outcome, delayMs: delay });
  });

  it('a prototype name is no listed card', () => {
    for (const name of ['constructor', '__proto__', 'toString'])
      expect(outcomeOf(name)).toEqual({ outcome: 'declined', delayMs: 0 });
  });

  it('rejects numbers that fail the Luhn check or are too short', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('1234')).toBe(false);
    expect(passesLuhn('42424242424242a2')).toBe(false);
  });

  it('names the card network', () => {
    expect(cardTypeOf('4242424242424242')).toBe('VISA');
    expect(cardTypeOf('5555555555554444')).toBe('MASTERCARD');
    expect(cardTypeOf('378282246310005')).toBe('AMEX');
    expect(cardTypeOf('9999')).toBeNull();
  });

  it('accepts an expiry in this month or later only', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryIsValid('11/26', now)).toBe(true);
    expect(expiryIsValid('10/26', now)).toBe(false);
    expect(expiryIsValid('12/2034', now)).toBe(true);
    expect(expiryIsValid('13/30', now)).toBe(false);
    expect(expiryIsValid('1234', now)).toBe(false);
  });

  it('accepts a CVC of three or four digits', () => {
    expect(cvcIsValid('123')).toBe(true);
    expect(cvcIsValid('1234')).toBe(true);
    expect(cvcIsValid('12')).toBe(false);
    expect(cvcIsValid('12a')).toBe(false);
  });
});
