/**
 * Customer testimonials (spec §3 "Testimonial / review"): one set of seven per country (US, IN,
 * CA, OT) and a mixed default set for every other country. Texts are keys of the `testimonials`
 * namespace; names stay as written. Each review belongs to any of the segments
 * `less-experienced` and `job-seekers`; the segment `all` takes every review of the set.
 */

export const TESTIMONIALS_NAMESPACE = 'testimonials';
export const TESTIMONIALS_PER_SET = 7;

export type TestimonialFlag = 'usa' | 'can' | 'no-flag';
export const REVIEW_SEGMENTS = ['all', 'less-experienced', 'job-seekers'] as const;
export type ReviewSegment = (typeof REVIEW_SEGMENTS)[number];
type NarrowSegment = Exclude<ReviewSegment, 'all'>;

const COUNTRY_SET_KEYS = ['US', 'IN', 'CA', 'OT'] as const;
export type TestimonialSetKey = (typeof COUNTRY_SET_KEYS)[number] | 'default';

export interface Testimonial {
  id: string;
  /** i18n key of the review text. */
  Review: string;
  ReviewerName: string;
  /** CSS class of the reviewer's avatar frame. */
  ReviewerImageClass: string;
  /** i18n key of the review's heading. */
  ReviewHeading: string;
  flag: TestimonialFlag;
  /** The short form of the name, for compact layouts. */
  userName: string;
  /** An inline SVG avatar with the reviewer's initials: no image request. */
  userThumbnail: string;
  /** i18n key of the reviewer's job title. */
  title: string;
  segments: readonly NarrowSegment[];
}

const TONES = ['teal', 'amber', 'violet', 'rose', 'sky', 'lime', 'slate'] as const;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

/** A 64×64 SVG with the initials in white, as a data URI; the frame's CSS class gives the colour. */
export function initialsThumbnail(name: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><text x="32" y="40" text-anchor="middle" font-family="system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff">${initialsOf(name)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

type Seed = [id: string, reviewerName: string, flag: TestimonialFlag, segments: NarrowSegment[]];

const LE: NarrowSegment = 'less-experienced';
const JS: NarrowSegment = 'job-seekers';

const SEEDS: Seed[] = [
  ['us-1', 'Maria Gonzalez', 'usa', [JS]],
  ['us-2', 'James Carter', 'usa', [LE, JS]],
  ['us-3', 'Aisha Johnson', 'usa', [JS]],
  ['us-4', 'Tyler Brooks', 'usa', []],
  ['us-5', 'Emily Nguyen', 'usa', [LE, JS]],
  ['us-6', 'Robert Miller', 'usa', []],
  ['us-7', 'Sofia Ramirez', 'usa', [LE]],
  ['ca-1', 'Olivia Tremblay', 'can', [JS]],
  ['ca-2', 'Liam MacDonald', 'can', [LE, JS]],
  ['ca-3', 'Priya Singh', 'can', [JS]],
  ['ca-4', 'Noah Campbell', 'can', [LE, JS]],
  ['ca-5', 'Chloé Gagnon', 'can', []],
  ['ca-6', 'Ethan Wilson', 'can', []],
  ['ca-7', 'Ava Roy', 'can', [LE, JS]],
  ['in-1', 'Rahul Sharma', 'no-flag', [JS]],
  ['in-2', 'Ananya Iyer', 'no-flag', [LE, JS]],
  ['in-3', 'Vikram Patel', 'no-flag', [JS]],
  ['in-4', 'Sneha Reddy', 'no-flag', [LE]],
  ['in-5', 'Arjun Mehta', 'no-flag', []],
  ['in-6', 'Kavya Nair', 'no-flag', []],
  ['in-7', 'Imran Khan', 'no-flag', [LE, JS]],
  ['ot-1', 'Lucas Silva', 'no-flag', [JS]],
  ['ot-2', 'Hannah Schmidt', 'no-flag', [LE, JS]],
  ['ot-3', 'Mohammed Al-Sayed', 'no-flag', [JS]],
  ['ot-4', 'Isabella Rossi', 'no-flag', []],
  ['ot-5', 'Kenji Watanabe', 'no-flag', [LE]],
  ['ot-6', 'Chloe Martin', 'no-flag', [JS]],
  ['ot-7', 'Daniel Kowalski', 'no-flag', [LE, JS]],
];

const shortName = (name: string) => {
  const [first, ...rest] = name.split(' ');
  return rest.length ? `${first} ${rest[rest.length - 1]![0]}.` : first!;
};

const BY_ID: ReadonlyMap<string, Testimonial> = new Map(
  SEEDS.map(([id, name, flag, segments], index): [string, Testimonial] => [
    id,
    {
      id,
      Review: `reviews.${id}.review`,
      ReviewerName: name,
      ReviewerImageClass: `reviewer-image reviewer-image--${TONES[index % TONES.length]}`,
      ReviewHeading: `reviews.${id}.heading`,
      flag,
      userName: shortName(name),
      userThumbnail: initialsThumbnail(name),
      title: `reviews.${id}.title`,
      segments,
    },
  ]),
);

const setOf = (...ids: string[]): readonly Testimonial[] => ids.map((id) => BY_ID.get(id)!);
const countrySet = (prefix: string) =>
  setOf(...Array.from({ length: TESTIMONIALS_PER_SET }, (_, i) => `${prefix}-${i + 1}`));

export const TESTIMONIAL_SETS: Readonly<Record<TestimonialSetKey, readonly Testimonial[]>> = {
  US: countrySet('us'),
  IN: countrySet('in'),
  CA: countrySet('ca'),
  OT: countrySet('ot'),
  // Every other country hears from all markets.
  default: setOf('us-2', 'ca-3', 'in-1', 'ot-4', 'us-5', 'ot-6', 'ca-7'),
};

/** The set a country reads: its own when it has one, else the default. */
export function testimonialSetKeyFor(country: string | null | undefined): TestimonialSetKey {
  const code = (country ?? '').trim().toUpperCase();
  return COUNTRY_SET_KEYS.find((key) => key === code) ?? 'default';
}

export const isReviewSegment = (value: unknown): value is ReviewSegment =>
  typeof value === 'string' && (REVIEW_SEGMENTS as readonly string[]).includes(value);

/** The country's reviews in one segment, in set order; an unknown segment counts as `all`. */
export function testimonialsFor(
  country: string | null | undefined,
  segment: ReviewSegment = 'all',
): readonly Testimonial[] {
  const set = TESTIMONIAL_SETS[testimonialSetKeyFor(country)];
  if (!isReviewSegment(segment) || segment === 'all') return set;
  return set.filter((t) => t.segments.includes(segment));
}
