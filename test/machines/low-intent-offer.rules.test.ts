import { describe, expect, it } from 'vitest';
import {
  hasClaimedOffer,
  isEligibleByConfig,
  isLowIntentChoice,
  isLowIntentVisitor,
  lowIntentPreferenceNeedsSaving,
  offersFromConfig,
  secondsSpent,
  sellPageVisit,
} from '../../machines/low-intent-offer.rules';

describe('offers a config block lists', () => {
  it.each([
    [
      'the seeded list',
      { offers: ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter'] },
      ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter'],
    ],
    ['its own order', { offers: ['CoverLetter', 'CVCheck'] }, ['CoverLetter', 'CVCheck']],
    [
      'unknown names dropped, case and spaces forgiven',
      { offers: ['cvcheck ', 'Discount', 'BOLDPRO', 42] },
      ['CVCheck', 'BoldPro'],
    ],
    ['repeats dropped', { offers: ['CVReview', 'cvreview'] }, ['CVReview']],
    ['SkipOffer is not an offer', { offers: ['SkipOffer'] }, []],
    ['an empty list offers nothing', { offers: [] }, []],
    ['a list that is not a list offers nothing', { offers: 'CVCheck' }, []],
    ['no list offers all four', {}, ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter']],
    ['no data offers all four', undefined, ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter']],
  ])('%s', (_name, data, expected) => {
    expect(offersFromConfig(data)).toEqual(expected);
  });
});

describe('the rules that open the popup', () => {
  it.each([
    [true, ['CVCheck'], true],
    [true, [], false],
    [false, ['CVCheck'], false],
  ] as const)('config shown %s with offers %j → eligible %s', (shown, offers, expected) => {
    expect(isEligibleByConfig({ shown, offers })).toBe(expected);
  });

  it.each([
    [false, 'true', true],
    [false, ' True ', true],
    [true, null, true],
    [true, 'false', true],
    [false, 'false', false],
    [false, null, false],
    [false, 'yes', false],
  ] as const)('local flag %s, preference %j → low-intent %s', (flag, preference, expected) => {
    expect(isLowIntentVisitor(flag, preference)).toBe(expected);
  });

  it.each([
    [true, null, true, true],
    [true, 'false', true, true],
    [true, 'TRUE', true, false],
    [false, null, true, false],
    [true, null, false, false],
  ] as const)(
    'local flag %s, preference %j, signed in %s → save the preference %s',
    (flag, preference, signedIn, expected) => {
      expect(lowIntentPreferenceNeedsSaving(flag, preference, signedIn)).toBe(expected);
    },
  );

  it.each([
    [null, false],
    ['CVCheck', true],
    ['SkipOffer', true],
  ] as const)('claimed %j → already had its turn %s', (claimed, expected) => {
    expect(hasClaimedOffer(claimed)).toBe(expected);
  });

  it.each([
    ['CVCheck', true],
    ['SkipOffer', true],
    ['cvcheck', false],
    ['', false],
    [null, false],
  ])('%j is a choice: %s', (value, expected) => {
    expect(isLowIntentChoice(value)).toBe(expected);
  });
});

describe('second visit to the sell page', () => {
  it.each([
    ['the first visit remembers its session', null, 'S1', false, { firstSessionId: 'S1' }],
    ['a reload in the same session is not a second visit', { firstSessionId: 'S1' }, 'S1', false, null],
    ['a visit in a later session is', { firstSessionId: 'S1' }, 'S2', true, null],
    ['session ids are compared trimmed', { firstSessionId: ' S1 ' }, 'S1', false, null],
    ['a blank stored session counts as no visit', { firstSessionId: '  ' }, 'S2', false, { firstSessionId: 'S2' }],
    ['without a session nothing is known or written', { firstSessionId: 'S1' }, null, false, null],
    ['an empty session is no session', null, ' ', false, null],
  ] as const)('%s', (_name, stored, session, second, record) => {
    expect(sellPageVisit(stored, session)).toEqual({ visitedSecondTime: second, record });
  });
});

describe('time spent on the popup', () => {
  it.each([
    [1_000, 8_400, 7],
    [1_000, 1_499, 0],
    [1_000, 1_500, 1],
    [5_000, 1_000, 0],
    [null, 9_000, 0],
    [Number.NaN, 9_000, 0],
  ])('shown at %s, decided at %s → %s s', (shownAt, at, seconds) => {
    expect(secondsSpent(shownAt, at)).toBe(seconds);
  });
});
