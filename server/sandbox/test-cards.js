// Test-card rules of the payment sandbox, shared by the card frame and its tests.

/** @param {string} input */
export function digitsOf(input) {
  return input.replace(/[\s-]/g, '');
}

/** @param {string} digits */
export function passesLuhn(digits) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** @param {string} digits */
export function cardTypeOf(digits) {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^6/.test(digits)) return 'DISCOVER';
  return null;
}

export const TEST_CARDS = {
  4242424242424242: { outcome: 'success', delayMs: 0 },
  4000000000000002: { outcome: 'declined', delayMs: 0 },
  4000000000003220: { outcome: 'success', delayMs: 6000 },
};

/**
 * What the sandbox does with a card: a listed test card behaves as listed; any other valid
 * number is declined, as a real sandbox would not move money for it.
 * @param {string} digits
 */
export function outcomeOf(digits) {
  // Only the cards listed: a name such as "constructor" finds nothing on the way up the prototype chain.
  if (!Object.hasOwn(TEST_CARDS, digits)) return { outcome: 'declined', delayMs: 0 };
  return TEST_CARDS[/** @type {keyof typeof TEST_CARDS} */ (digits)];
}

/**
 * @param {string} value MM/YY or MM/YYYY
 * @param {Date} now
 */
export function expiryIsValid(value, now) {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

/** @param {string} value */
export function cvcIsValid(value) {
  return /^\d{3,4}$/.test(value.trim());
}
