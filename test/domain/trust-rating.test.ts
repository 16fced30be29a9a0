import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING_CUTOFFS,
  filledStars,
  formatRating,
  normaliseCutoffs,
  parseTrustRatingData,
  ratingBand,
  starFills,
} from '../../src/domain/trust-rating';

describe('§9 a rating shows one decimal; a whole number gets .0', () => {
  it.each([
    [4, 'en-US', '4.0'],
    [5, 'en-US', '5.0'],
    [4.6, 'en-US', '4.6'],
    [4.62, 'en-US', '4.6'],
    [4.68, 'en-US', '4.7'],
    [0, 'en-US', '0.0'],
    [4, 'de-DE', '4,0'],
    [4.6, 'fr-FR', '4,6'],
    [4.6, 'es-ES', '4,6'],
    [4.6, 'en-IN', '4.6'],
  ])('%d in %s → %s', (value, culture, text) => {
    expect(formatRating(value, culture)).toBe(text);
  });

  it.each([
    [4, '4'],
    [4.6, '4.6'],
    [4.04, '4'],
    [4.96, '5'],
  ])('without one decimal configured, %d → %s', (value, text) => {
    expect(formatRating(value, 'en-US', false)).toBe(text);
  });

  it('a value that is not a number gives no text', () => {
    expect(formatRating(Number.NaN, 'en-US')).toBe('');
  });
});

describe('§9 cutoffs from config decide the band', () => {
  const cutoffs = [3.5, 4.0, 4.5];
  it.each([
    [5, 'excellent'],
    [4.5, 'excellent'],
    [4.49, 'great'],
    [4.0, 'great'],
    [3.99, 'good'],
    [3.5, 'good'],
    [3.49, 'average'],
    [0, 'average'],
  ])('%d with cutoffs 3.5/4.0/4.5 is %s', (value, band) => {
    expect(ratingBand(value, cutoffs)).toBe(band);
  });

  it.each([
    [[4.5, 3.5, 4.0], 4.2, 'great'],
    [[4.2], 4.2, 'excellent'],
    [[4.2], 4.1, 'great'],
    [[], 1, 'excellent'],
    [[1, 2, 3, 4], 0.5, 'poor'],
    [[1, 2, 3, 4], 2.5, 'good'],
    [[4.5, 4.5, 4.0], 4.2, 'great'],
  ])('cutoffs %j: %d is %s', (list, value, band) => {
    expect(ratingBand(value, list)).toBe(band);
  });

  it('keeps the highest four cutoffs, sorted, without repeats', () => {
    expect(normaliseCutoffs([4.8, 1, 2, 3, 2, 4])).toEqual([2, 3, 4, 4.8]);
  });
});

describe('stars fill to the half star at or below the rating', () => {
  it.each([
    [5, [1, 1, 1, 1, 1], 5],
    [4.6, [1, 1, 1, 1, 0.5], 4.5],
    [4.5, [1, 1, 1, 1, 0.5], 4.5],
    [4.49, [1, 1, 1, 1, 0], 4],
    [4.0, [1, 1, 1, 1, 0], 4],
    [0.4, [0, 0, 0, 0, 0], 0],
    [0.5, [0.5, 0, 0, 0, 0], 0.5],
    [7, [1, 1, 1, 1, 1], 5],
    [-1, [0, 0, 0, 0, 0], 0],
  ])('%d → %j (%d stars)', (value, fills, stars) => {
    expect(starFills(value)).toEqual(fills);
    expect(filledStars(value)).toBe(stars);
  });
});

describe('§3 trust-rating config Data', () => {
  it('reads the seeded block', () => {
    expect(
      parseTrustRatingData({
        ratingType: 'Dynamic',
        starRating: 4.5,
        reviewCount: 18211,
        numericRating: 4.6,
        cutoffs: [3.5, 4.0, 4.5],
      }),
    ).toEqual({
      ratingType: 'Dynamic',
      starRating: 4.5,
      reviewCount: 18211,
      numericRating: 4.6,
      cutoffs: [3.5, 4.0, 4.5],
      oneDecimal: true,
    });
  });

  it.each([
    [
      { ratingType: 'static', starRating: '4.2' },
      { ratingType: 'Static', starRating: 4.2, numericRating: 4.2, reviewCount: null, cutoffs: DEFAULT_RATING_CUTOFFS },
    ],
    [{ ratingType: 'Weird', starRating: 4 }, { ratingType: 'Dynamic' }],
    [{ starRating: 4, reviewCount: -3 }, { reviewCount: null }],
    [{ starRating: 4, reviewCount: null }, { reviewCount: null }],
    [{ starRating: 4, reviewCount: '1200' }, { reviewCount: 1200 }],
    [{ starRating: 4, numericRating: 9 }, { numericRating: 4 }],
    [{ starRating: 4, cutoffs: 'x' }, { cutoffs: DEFAULT_RATING_CUTOFFS }],
    [{ starRating: 4, oneDecimal: false }, { oneDecimal: false }],
  ])('%j reads as %j', (data, expected) => {
    expect(parseTrustRatingData(data)).toMatchObject(expected);
  });

  it.each([
    [null],
    [undefined],
    [{}],
    [{ starRating: null }],
    [{ starRating: '' }],
    [{ starRating: 6 }],
    [{ starRating: 'good' }],
    [[4.5]],
  ])('%j has no usable rating: nothing is shown', (data) => {
    expect(parseTrustRatingData(data)).toBeNull();
  });
});
