/**
 * The promo ad widget on the dashboard side (spec §2 "Other screens", §9 local keys): one of six
 * widget types, an unknown type shows the cover-letter widget, a local record of when the ad was
 * viewed, and viewed and clicked events that carry the seconds spent.
 */
export const PROMO_WIDGET_TYPES = [
  'boldPro',
  'coverLetter',
  'cvCheck',
  'freeCvReview',
  'jobCustomiser',
  'mobileApp',
] as const;
export type PromoWidgetType = (typeof PROMO_WIDGET_TYPES)[number];
export const FALLBACK_PROMO_WIDGET: PromoWidgetType = 'coverLetter';

/** The local storage key of the promo ad info record. */
export const PROMO_AD_STORAGE_KEY = 'promoAdViewedTimestamp';
export const PROMO_AD_VIEWED_EVENT = 'promo ad viewed';
export const PROMO_AD_CLICKED_EVENT = 'promo ad clicked';

const ALIASES: Record<string, PromoWidgetType> = {
  ...Object.fromEntries(PROMO_WIDGET_TYPES.map((type) => [type.toLowerCase(), type])),
  jobcustomizer: 'jobCustomiser',
  boldprofile: 'boldPro',
  resumecheck: 'cvCheck',
  freeresumereview: 'freeCvReview',
};

/** The widget a configured type names, spelled in any case and with any separators; unknown → cover letter. */
export function promoWidgetType(raw: string | null | undefined): PromoWidgetType {
  const key = (raw ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return ALIASES[key] ?? FALLBACK_PROMO_WIDGET;
}

/** Whole seconds from one instant to a later one; never negative (a clock set back counts 0). */
export function secondsSpent(fromMs: number, toMs: number): number {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return 0;
  return Math.max(0, Math.round((toMs - fromMs) / 1000));
}

/** What the ad remembers locally: which widget was seen and when. */
export interface PromoAdInfo {
  type: PromoWidgetType;
  viewedAt: number;
}

/** The stored record, or null when it is missing or not one this widget wrote. */
export function readPromoAdInfo(stored: string | null | undefined): PromoAdInfo | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { type, viewedAt } = value as Record<string, unknown>;
    if (typeof type !== 'string' || !(PROMO_WIDGET_TYPES as readonly string[]).includes(type)) return null;
    if (typeof viewedAt !== 'number' || !Number.isFinite(viewedAt) || viewedAt < 0) return null;
    return { type: type as PromoWidgetType, viewedAt };
  } catch {
    return null;
  }
}
