import type { Queryable } from '../db/database';
import type { Subscription } from '../../src/api/schemas/subscriptions';
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
  label: string;
  plan_kind: string;
  unit_price: string;
  currency_cd: string;
  culture_cd: string;
}

const SELECT_SUBSCRIPTION = `select sub.*, s.label, s.plan_kind, s.unit_price, s.currency_cd, p.culture_cd
  from subscriptions sub join skus s on s.sku_id = sub.sku_id join portals p on p.portal_id = s.portal_id`;

/** Statuses that still give access: the user's "current" subscription is the newest of these. */
export const CURRENT_STATUSES = ['ACTV', 'EXPR', 'SUSP', 'RTRY', 'PEND'];

export async function listSubscriptions(db: Queryable, userUid: string, currentOnly: boolean): Promise<SubscriptionRow[]> {
  const where = currentOnly ? `and sub.status_cd = any($2::text[])` : '';
  const params: unknown[] = currentOnly ? [userUid, CURRENT_STATUSES] : [userUid];
  return db.query<SubscriptionRow>(`${SELECT_SUBSCRIPTION} where sub.user_uid = $1 ${where} order by sub.start_date desc, sub.subscription_id desc`, params);
}

export async function findSubscription(db: Queryable, subscriptionId: number | string): Promise<SubscriptionRow | undefined> {
  return (await db.query<SubscriptionRow>(`${SELECT_SUBSCRIPTION} where sub.subscription_id = $1`, [subscriptionId]))[0];
}

export function toSubscription(row: SubscriptionRow, now = Date.now()): Subscription {
  const end = new Date(row.end_date);
  const unitPrice = toAmount(row.unit_price);
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
    NextBillingDate: row.next_billing_date ? new Date(row.next_billing_date).toISOString() : null,
    CancelledOn: row.cancelled_on ? new Date(row.cancelled_on).toISOString() : null,
    CancellationNumber: row.cancellation_number,
    DaysRemaining: Math.max(0, Math.ceil((end.getTime() - now) / 86_400_000)),
    UnitPrice: unitPrice,
    FormattedUnitPrice: formatMoney(unitPrice, row.currency_cd, row.culture_cd),
    CurrencyCD: row.currency_cd,
  };
}
