/**
 * The trust-rating widget (spec §3 "Trust rating", §9 ratings and cutoffs).
 *
 * Config Data: { ratingType: 'Dynamic' | 'Static', starRating, reviewCount, numericRating,
 * cutoffs: number[], oneDecimal?: boolean }.
 * - Dynamic shows the review site's current figures: stars, the numeric rating and the
 *   review count. Static is a fixed badge: stars and the band label only, no figures that
 *   could go stale.
 * - The numeric rating shows one decimal unless `oneDecimal` is false; a whole number gets .0.
 * - The cutoffs (ascending thresholds from config) decide the band label: a rating at or
 *   above the highest cutoff is excellent, each cutoff lower is one band down.
 * - The stars fill to the half star at or below the star rating: never more than earned.
 */
import * as z from 'zod/mini';
import { formatNumber } from './money';

export const RATING_TYPES = ['Dynamic', 'Static'] as const;
export type RatingType = (typeof RATING_TYPES)[number];

export const MAX_STARS = 5;
/** Used when the config names no cutoffs. */
export const DEFAULT_RATING_CUTOFFS: readonly number[] = [3.5, 4.0, 4.5];

/** Bands from the top; as many are used as there are cutoffs, plus one. */
export const RATING_BANDS = ['excellent', 'great', 'good', 'average', 'poor'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

/** A number, or a numeric string; null and empty strings are not zero (zod numbers are finite). */
const numeric = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)),
  z.number(),
);
const rating = z.pipe(numeric, z.number().check(z.minimum(0), z.maximum(MAX_STARS)));
/** A value that is missing or unusable counts as absent. */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const trustRatingData = z.object({
  ratingType: z.catch(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) => RATING_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase())),
      ),
      z.enum(RATING_TYPES),
    ),
    'Dynamic',
  ),
  starRating: rating,
  reviewCount: optional(z.pipe(numeric, z.int().check(z.minimum(0)))),
  numericRating: optional(rating),
  cutoffs: optional(z.array(rating)),
  oneDecimal: optional(z.boolean()),
});

export interface TrustRatingData {
  ratingType: RatingType;
  starRating: number;
  /** Missing or negative counts are hidden. */
  reviewCount: number | null;
  /** Falls back to the star rating. */
  numericRating: number;
  cutoffs: number[];
  oneDecimal: boolean;
}

/** The widget's data from a config block's Data; null (show nothing) without a usable star rating. */
export function parseTrustRatingData(data: unknown): TrustRatingData | null {
  const parsed = trustRatingData.safeParse(data);
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    ratingType: d.ratingType,
    starRating: d.starRating,
    reviewCount: d.reviewCount ?? null,
    numericRating: d.numericRating ?? d.starRating,
    cutoffs: normaliseCutoffs(d.cutoffs ?? DEFAULT_RATING_CUTOFFS),
    oneDecimal: d.oneDecimal ?? true,
  };
}

/** Ascending, without repeats, at most one fewer than there are bands. */
export function normaliseCutoffs(cutoffs: readonly number[]): number[] {
  const sorted = [...new Set(cutoffs.filter((c) => Number.isFinite(c)))].sort((a, b) => a - b);
  return sorted.slice(Math.max(0, sorted.length - (RATING_BANDS.length - 1)));
}

export function ratingBand(value: number, cutoffs: readonly number[]): RatingBand {
  const sorted = normaliseCutoffs(cutoffs);
  const reached = sorted.filter((c) => value >= c).length;
  return RATING_BANDS[sorted.length - reached] ?? 'poor';
}

/** Each star's fill, 1, 0.5 or 0: the rating floored to the half star. */
export function starFills(value: number): number[] {
  const halves = Number.isFinite(value) ? Math.floor(Math.min(MAX_STARS, Math.max(0, value)) * 2 + 1e-9) : 0;
  return Array.from({ length: MAX_STARS }, (_, i) => Math.min(1, Math.max(0, (halves - i * 2) / 2)));
}

/** The stars as a number ("4.5"): what the fills add up to. */
export function filledStars(value: number): number {
  return starFills(value).reduce((sum, fill) => sum + fill, 0);
}

/** "4.0", "4.6" (de-DE "4,6"); without one decimal, up to one decimal and no trailing zero. */
export function formatRating(value: number, culture: string, oneDecimal = true): string {
  if (!Number.isFinite(value)) return '';
  if (oneDecimal) return formatNumber(value, { culture, fractionDigits: 1 });
  const rounded = Math.round(value * 10) / 10;
  return formatNumber(rounded, { culture, fractionDigits: Number.isInteger(rounded) ? 0 : 1 });
}
