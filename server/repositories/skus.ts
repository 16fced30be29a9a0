import type { Queryable } from '../db/database';
import type { SkuColumns } from '../db/tables';
import type { Sku } from '../../src/api/schemas/skus';
import { formatMoney, toAmount } from '../domain/money';
import { expectedDays, scheduleLabel } from '../domain/schedule';

/** A SKU as read, with its portal's culture. */
export type SkuRow = SkuColumns & { culture_cd: string };

const SELECT_SKU = `select s.*, p.culture_cd from skus s join portals p on p.portal_id = s.portal_id`;

export async function findSku(db: Queryable, skuId: number): Promise<SkuRow | undefined> {
  return (await db.query<SkuRow>(`${SELECT_SKU} where s.sku_id = $1`, [skuId]))[0];
}

export interface SkuFilter {
  countryCd: string;
  portalCd?: string;
  sellPageOnly?: boolean;
  skuId?: number;
  /** Asks for the winback offers whose window covers these days since the cancellation, and only those. */
  winbackDays?: number;
}

/**
 * The SKUs of a market. Winback offers (rebates) are listed only when asked for with the days
 * since the cancellation, and then alone: no one finds them among the plans on sale.
 */
export async function listSkus(db: Queryable, filter: SkuFilter): Promise<SkuRow[]> {
  const conditions = ['s.country_cd = $1'];
  const params: unknown[] = [filter.countryCd];
  if (filter.portalCd) {
    params.push(filter.portalCd);
    conditions.push(`p.portal_cd = $${params.length}`);
  } else {
    conditions.push(`p.theme = 'default'`);
  }
  if (filter.sellPageOnly) conditions.push('s.is_sell_page_plan');
  if (filter.winbackDays === undefined) {
    conditions.push(`s.sku_type_cd <> 'REBT'`);
  } else {
    params.push(filter.winbackDays);
    conditions.push(
      `s.sku_type_cd = 'REBT' and $${params.length}::int between s.winback_min_days and s.winback_max_days`,
    );
  }
  if (filter.skuId) {
    params.push(filter.skuId);
    conditions.push(`s.sku_id = $${params.length}`);
  }
  return db.query<SkuRow>(`${SELECT_SKU} where ${conditions.join(' and ')} order by s.sort_order`, params);
}

export function toSku(row: SkuRow): Sku {
  const trialAmount = toAmount(row.trial_amount);
  const unitPrice = toAmount(row.unit_price);
  return {
    SkuID: row.sku_id,
    ProductID: row.product_id,
    Label: row.label,
    Title: row.title,
    SkuTypeCD: row.sku_type_cd,
    ScheduleTypeCD: row.schedule_type_cd,
    ScheduleLabel: scheduleLabel(row.schedule_type_cd, row.duration),
    Duration: row.duration,
    ExpectedDays: expectedDays(row.schedule_type_cd, row.duration),
    SubscriptionTypeCD: row.subscription_type_cd,
    PlanKind: row.plan_kind,
    PlanTier: row.plan_tier,
    TrialDays: row.trial_days,
    TrialAmount: trialAmount,
    UnitPrice: unitPrice,
    FormattedTrialPrice: formatMoney(trialAmount, row.currency_cd, row.culture_cd),
    FormattedUnitPrice: formatMoney(unitPrice, row.currency_cd, row.culture_cd),
    CurrencyCD: row.currency_cd,
    CurrencySymbol: row.currency_symbol,
    MonthlyPrice: row.monthly_price === null ? null : toAmount(row.monthly_price),
    DiscountPercentage: row.discount_percentage,
    IsSelected: row.is_selected,
    IsMostPopular: row.is_most_popular,
    UpsellCD: row.upsell_cd,
    PromoUID: row.promo_uid,
    AlternateSkuContents: row.alternate_sku_contents ?? null,
    LowerPriceSkuID: row.lower_price_sku_id,
    HigherPriceSkuID: row.higher_price_sku_id,
  };
}

/** What a purchase of this SKU charges today: the trial amount for trials, otherwise the unit price. */
export const chargeToday = (row: SkuRow): number =>
  row.trial_days > 0 ? toAmount(row.trial_amount) : toAmount(row.unit_price);
