import type { Queryable } from '../db/database';
import {
  SAVE_OFFER_IDS,
  discountedPrice,
  type SaveOfferId,
  type Subscription,
} from '../../src/api/schemas/subscriptions';

const isSaveOfferId = (id: string | null): id is SaveOfferId =>
  (SAVE_OFFER_IDS as readonly (string | null)[]).includes(id);
import { formatMoney, toAmount } from '../domain/money';

export interface SubscriptionRow {
  subscription_id: string;
  user_uid: string;
  sku_id: number;
  status_cd: string;
  subscription_type_cd: string;
  start_date: Date;
  end_date: Date;
  next_billing_date: Date | null;
  cancelled_on: Date | null;
  cancellation_number: string | null;
  renewal_discount_percent: number | null;
  paused_from: Date | null;
  resumes_on: Date | null;
  label: string;
  plan_kind: string;
  unit_price: string;
  currency_cd: string;
  culture_cd: string;
  /** The latest save offer the subscription took, if any. */
  save_offer_id: string | null;
  save_offer_redeemed_at: Date | null;
}

const SELECT_SUBSCRIPTION = `select sub.*, s.label, s.plan_kind, s.unit_price, s.currency_cd, p.culture_cd,
    so.offer_id as save_offer_id, so.redeemed_at as save_offer_redeemed_at
  from subscriptions sub join skus s on s.sku_id = sub.sku_id join portals p on p.portal_id = s.portal_id
  left join lateral (
    select r.offer_id, r.redeemed_at from save_offer_redemptions r where r.subscription_id = sub.subscription_id order by r.redeemed_at desc, r.id desc limit 1
  ) so on true`;

/** Statuses that still give access: the user's "current" subscription is the newest of these. */
export const CURRENT_STATUSES = ['ACTV', 'EXPR', 'SUSP', 'RTRY', 'PEND'];

export async function listSubscriptions(
  db: Queryable,
  userUid: string,
  currentOnly: boolean,
): Promise<SubscriptionRow[]> {
  const where = currentOnly ? `and sub.status_cd = any($2::text[])` : '';
  const params: unknown[] = currentOnly ? [userUid, CURRENT_STATUSES] : [userUid];
  return db.query<SubscriptionRow>(
    `${SELECT_SUBSCRIPTION} where sub.user_uid = $1 ${where} order by sub.start_date desc, sub.subscription_id desc`,
    params,
  );
}

export async function findSubscription(
  db: Queryable,
  subscriptionId: number | string,
): Promise<SubscriptionRow | undefined> {
  return (
    await db.query<SubscriptionRow>(`${SELECT_SUBSCRIPTION} where sub.subscription_id = $1`, [subscriptionId])
  )[0];
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Whether `now` is within the subscription's pause, [paused_from, resumes_on). */
export function isPaused(row: Pick<SubscriptionRow, 'paused_from' | 'resumes_on'>, now = Date.now()): boolean {
  if (!row.paused_from || !row.resumes_on) return false;
  return new Date(row.paused_from).getTime() <= now && now < new Date(row.resumes_on).getTime();
}

export function toSubscription(row: SubscriptionRow, now = Date.now()): Subscription {
  const end = new Date(row.end_date);
  const unitPrice = toAmount(row.unit_price);
  const nextRenewalPrice = discountedPrice(unitPrice, row.renewal_discount_percent);
  return {
    SubscriptionID: Number(row.subscription_id),
    UserUID: row.user_uid,
    SkuID: row.sku_id,
    SkuLabel: row.label,
    PlanKind: row.plan_kind,
    StatusCD: row.status_cd,
    SubscriptionTypeCD: row.subscription_type_cd,
    StartDate: new Date(row.start_date).toISOString(),
    EndDate: end.toISOString(),
    NextBillingDate: iso(row.next_billing_date),
    CancelledOn: iso(row.cancelled_on),
    CancellationNumber: row.cancellation_number,
    DaysRemaining: Math.max(0, Math.ceil((end.getTime() - now) / 86_400_000)),
    UnitPrice: unitPrice,
    FormattedUnitPrice: formatMoney(unitPrice, row.currency_cd, row.culture_cd),
    CurrencyCD: row.currency_cd,
    RenewalDiscountPercent: row.renewal_discount_percent,
    NextRenewalPrice: nextRenewalPrice,
    FormattedNextRenewalPrice: formatMoney(nextRenewalPrice, row.currency_cd, row.culture_cd),
    PausedFrom: iso(row.paused_from),
    ResumesOn: iso(row.resumes_on),
    IsPaused: isPaused(row, now),
    SaveOffer:
      isSaveOfferId(row.save_offer_id) && row.save_offer_redeemed_at
        ? { OfferID: row.save_offer_id, RedeemedAt: new Date(row.save_offer_redeemed_at).toISOString() }
        : null,
  };
}

/** The person's active plan (a subscription with a plan tier, still running), if any: someone with one is already subscribed. */
export async function findActivePlan(
  db: Queryable,
  userUid: string,
): Promise<{ subscription_id: string; status_cd: string } | undefined> {
  const [row] = await db.query<{ subscription_id: string; status_cd: string }>(
    `select sub.subscription_id, sub.status_cd from subscriptions sub join skus s on s.sku_id = sub.sku_id
     where sub.user_uid = $1 and sub.status_cd = 'ACTV' and s.plan_tier is not null and sub.end_date > now()
     order by sub.start_date desc limit 1`,
    [userUid],
  );
  return row;
}
