/**
 * How the sell page presents its plans (spec §2 "Sell page"; §4 plan tiers; §9 annual strike
 * price): which layout an experiment variation selects, what each plan includes and the
 * amounts a plan card shows.
 */
import type { PlanTier } from '../../machines/purchase-funnel.rules';

export const SELL_LAYOUTS = ['vertical', 'containers', 'radio', 'single', 'collapsedAnnual'] as const;
export type SellLayout = (typeof SELL_LAYOUTS)[number];

/** Variation → layout of the `sellPageLayout` experiment; control and anything unknown get the vertical cards. */
const LAYOUT_BY_VARIATION: Readonly<Record<number, SellLayout>> = {
  3: 'containers',
  4: 'radio',
  5: 'single',
  6: 'collapsedAnnual',
};

export function sellLayoutFor(decision: { active: boolean; variation: number | null } | null | undefined): SellLayout {
  if (!decision?.active || decision.variation === null) return 'vertical';
  return LAYOUT_BY_VARIATION[decision.variation] ?? 'vertical';
}

/** The features of the builder, in the order the sell page lists them. */
export const PLAN_FEATURES = [
  'unlimitedDocuments',
  'atsTemplates',
  'samples',
  'writingHelp',
  'resumeCheck',
  'resumeReview',
  'friendFeedback',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
/** The limited plan leaves out the last three. */
const LIMITED_EXCLUDES = 3;

export function featuresOf(tier: PlanTier | null): { feature: PlanFeature; included: boolean }[] {
  const cutoff = tier === 'limitedAccess' ? PLAN_FEATURES.length - LIMITED_EXCLUDES : PLAN_FEATURES.length;
  return PLAN_FEATURES.map((feature, index) => ({ feature, included: index < cutoff }));
}

export interface PricedSku {
  PlanTier: PlanTier | null;
  TrialDays: number;
  TrialAmount: number;
  UnitPrice: number;
  MonthlyPrice: number | null;
  DiscountPercentage: number;
  ScheduleTypeCD: string;
  Duration: number;
}

export interface PlanPrice {
  /** What is charged today. */
  today: number;
  /** For a trial: the price it renews at and after how many days; null when nothing renews from a trial. */
  renewal: { amount: number; afterDays: number } | null;
  /** The per-month price of a plan of several months, for comparison. */
  perMonth: number | null;
  discountPercentage: number;
  /** The crossed-out price shown beside the annual plan (price anchor), when configured and higher. */
  strike: number | null;
}

export function planPriceOf(sku: PricedSku, annualStrikePrice: number | null = null): PlanPrice {
  const isTrial = sku.TrialDays > 0;
  const today = isTrial ? sku.TrialAmount : sku.UnitPrice;
  const isAnnual = sku.PlanTier === 'annualAccess';
  return {
    today,
    renewal: isTrial ? { amount: sku.UnitPrice, afterDays: sku.TrialDays } : null,
    perMonth: !isTrial && sku.MonthlyPrice !== null && sku.MonthlyPrice < sku.UnitPrice ? sku.MonthlyPrice : null,
    discountPercentage: isTrial ? 0 : Math.max(0, sku.DiscountPercentage),
    strike: isAnnual && annualStrikePrice !== null && annualStrikePrice > today ? annualStrikePrice : null,
  };
}

/** The plans a layout shows: the single-plan layout keeps only the most popular (or the first). */
export function plansForLayout<T extends { IsMostPopular?: boolean; PlanTier: PlanTier | null }>(
  layout: SellLayout,
  skus: readonly T[],
): T[] {
  if (layout !== 'single') return [...skus];
  const popular = skus.find((s) => s.IsMostPopular) ?? skus[0];
  return popular ? [popular] : [];
}

/**
 * The plan cards drawn at first: the collapsed-annual layout keeps the annual plan behind a
 * "show" link until it is opened or chosen. `hiddenAnnual` says whether that link stands.
 */
export function plansOnShow<T extends { SkuID: number; IsMostPopular?: boolean; PlanTier: PlanTier | null }>(
  layout: SellLayout,
  skus: readonly T[],
  view: { selectedSkuId: number | null; annualOpened: boolean },
): { visible: T[]; hiddenAnnual: boolean } {
  const shown = plansForLayout(layout, skus);
  const annual = shown.find((s) => s.PlanTier === 'annualAccess');
  const collapsed =
    layout === 'collapsedAnnual' && !view.annualOpened && annual !== undefined && view.selectedSkuId !== annual.SkuID;
  return { visible: collapsed ? shown.filter((s) => s !== annual) : shown, hiddenAnnual: collapsed };
}
