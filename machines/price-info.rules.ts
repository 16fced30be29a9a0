/**
 * Pure rules of the pay-per price information (spec §2 `payperpopup`, page code PriceInfo): which
 * plan is the one-time option, and what its price information says.
 */

/** The SKU fields the price information reads. */
export interface PriceSku {
  SkuID: number;
  Label: string;
  PlanTier: string | null;
  PlanKind: string;
  SubscriptionTypeCD: string;
  ScheduleTypeCD: string;
  Duration: number;
  UnitPrice: number;
  FormattedUnitPrice: string;
  CurrencyCD: string;
  IsSellPagePlan?: boolean;
}

/** The one-time option as the popup shows it. */
export interface PayPerOption {
  skuId: number;
  label: string;
  formattedPrice: string;
  /** The schedule of its access (YRLY, MNTH, …) and how many of them. */
  scheduleTypeCD: string;
  duration: number;
}

const ONE_TIME_KINDS = new Set(['AnnualNonRecurring', 'NMonthlyNonRecurring']);

/** An access plan paid once: non-recurring plan kind, and a subscription that does not renew by itself. */
export const isPayPerPlan = (sku: PriceSku): boolean =>
  sku.PlanTier !== null && ONE_TIME_KINDS.has(sku.PlanKind) && sku.SubscriptionTypeCD.toUpperCase() !== 'AUTO';

/** The market's one-time option: the first pay-once access plan (the sell page's before the others). */
export function payPerOptionOf(skus: readonly PriceSku[]): PayPerOption | null {
  const candidates = skus.filter(isPayPerPlan);
  const sku = candidates.find((s) => s.IsSellPagePlan) ?? candidates[0];
  return sku
    ? {
        skuId: sku.SkuID,
        label: sku.Label,
        formattedPrice: sku.FormattedUnitPrice,
        scheduleTypeCD: sku.ScheduleTypeCD,
        duration: sku.Duration,
      }
    : null;
}

/** The access period's text key: one year, or N months. */
export const periodKeyOf = (
  option: Pick<PayPerOption, 'scheduleTypeCD' | 'duration'>,
): { key: 'year' | 'months'; count: number } =>
  option.scheduleTypeCD.toUpperCase() === 'YRLY'
    ? { key: 'year', count: option.duration }
    : { key: 'months', count: option.scheduleTypeCD.toUpperCase() === 'SEMI' ? 6 * option.duration : option.duration };
