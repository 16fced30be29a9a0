import { describe, expect, it } from 'vitest';
import {
  REVIEW_SEGMENTS,
  TESTIMONIAL_SETS,
  TESTIMONIALS_PER_SET,
  initialsThumbnail,
  testimonialSetKeyFor,
  testimonialsFor,
  type TestimonialSetKey,
} from '../../src/domain/testimonials';
import enUS from '../../src/i18n/locales/en-US/testimonials.json';
import deDE from '../../src/i18n/locales/de-DE/testimonials.json';

const ids = (list: readonly { id: string }[]) => list.map((t) => t.id);
const textAt = (texts: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('testimonial sets by country', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    [' ca ', 'CA'],
    ['IN', 'IN'],
    ['OT', 'OT'],
    ['GB', 'default'],
    ['DE', 'default'],
    ['default', 'default'],
    ['', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ] as const)('country %j reads the %s set', (country, key) => {
    expect(testimonialSetKeyFor(country)).toBe(key);
    expect(testimonialsFor(country)).toBe(TESTIMONIAL_SETS[key as TestimonialSetKey]);
  });

  it.each(Object.keys(TESTIMONIAL_SETS))('the %s set has seven different reviews', (key) => {
    const set = TESTIMONIAL_SETS[key as TestimonialSetKey];
    expect(set).toHaveLength(TESTIMONIALS_PER_SET);
    expect(new Set(ids(set)).size).toBe(TESTIMONIALS_PER_SET);
  });

  it.each([
    ['US', 'usa'],
    ['CA', 'can'],
    ['IN', 'no-flag'],
    ['OT', 'no-flag'],
  ] as const)('every review of the %s set carries the %s flag', (country, flag) => {
    expect(new Set(testimonialsFor(country).map((t) => t.flag))).toEqual(new Set([flag]));
  });

  it('the default set mixes reviews of every market', () => {
    const prefixes = new Set(ids(TESTIMONIAL_SETS.default).map((id) => id.split('-')[0]));
    expect(prefixes).toEqual(new Set(['us', 'ca', 'in', 'ot']));
  });
});

describe('review segments', () => {
  it.each([
    ['US', 'all', ['us-1', 'us-2', 'us-3', 'us-4', 'us-5', 'us-6', 'us-7']],
    ['US', 'less-experienced', ['us-2', 'us-5', 'us-7']],
    ['US', 'job-seekers', ['us-1', 'us-2', 'us-3', 'us-5']],
    ['CA', 'less-experienced', ['ca-2', 'ca-4', 'ca-7']],
    ['IN', 'job-seekers', ['in-1', 'in-2', 'in-3', 'in-7']],
    ['OT', 'less-experienced', ['ot-2', 'ot-5', 'ot-7']],
    ['FR', 'job-seekers', ['us-2', 'ca-3', 'in-1', 'us-5', 'ot-6', 'ca-7']],
  ] as const)('%s in segment %s', (country, segment, expected) => {
    expect(ids(testimonialsFor(country, segment))).toEqual(expected);
  });

  it('an unknown segment counts as all', () => {
    expect(testimonialsFor('US', 'students' as never)).toBe(TESTIMONIAL_SETS.US);
  });

  it.each(Object.keys(TESTIMONIAL_SETS))('every segment of the %s set has at least one review', (key) => {
    for (const segment of REVIEW_SEGMENTS)
      expect(testimonialsFor(key === 'default' ? 'ZZ' : key, segment).length).toBeGreaterThan(0);
  });
});

describe('review fields', () => {
  const all = Object.values(TESTIMONIAL_SETS).flat();

  it('every text is a key with a text in English and in German', () => {
    for (const t of all) {
      for (const key of [t.Review, t.ReviewHeading, t.title]) {
        expect(typeof textAt(enUS, key), `${t.id} ${key} in en-US`).toBe('string');
        expect(textAt(deDE, key), `${t.id} ${key} is translated`).not.toBe(textAt(enUS, key));
      }
    }
  });

  it('names, short names, avatar class and thumbnail are filled in', () => {
    for (const t of all) {
      expect(t.ReviewerName.trim()).not.toBe('');
      expect(t.ReviewerName.startsWith(t.userName.replace(/ \w\.$/, ''))).toBe(true);
      expect(t.ReviewerImageClass).toMatch(/^reviewer-image reviewer-image--[a-z]+$/);
      expect(t.userThumbnail.startsWith('data:image/svg+xml,')).toBe(true);
    }
  });

  it.each([
    ['Maria Gonzalez', 'MG'],
    ['Mohammed Al-Sayed', 'MA'],
    ['Chloé Gagnon', 'CG'],
    ['Cher', 'C'],
  ])('the thumbnail of %s shows %s', (name, initials) => {
    expect(decodeURIComponent(initialsThumbnail(name))).toContain(`>${initials}</text>`);
  });

  it('short names keep the first name and the initial of the last', () => {
    expect(testimonialsFor('US')[0]!.userName).toBe('Maria G.');
    expect(testimonialsFor('OT')[2]!.userName).toBe('Mohammed A.');
  });
});
