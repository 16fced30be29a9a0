import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { SkuRow } from '../repositories/skus';
import type { UserRow } from '../repositories/users';
import type { WinbackFacts } from '../../src/api/schemas/winback';
import {
  cancellationDaysOf,
  isWinbackSku,
  offerCoversDays,
  winbackAudienceOf,
  winbackStandingOf,
  type LatestPlan,
} from '../../machines/winback.rules';

/** The person's most recent access plan (a plan with a tier), whatever its status. */
async function latestPlan(db: Queryable, userUid: string): Promise<LatestPlan | null> {
  const [row] = await db.query<{ status_cd: string; cancelled_on: Date | null; end_date: Date | null }>(
    `select sub.status_cd, sub.cancelled_on, sub.end_date from subscriptions sub join skus s on s.sku_id = sub.sku_id
     where sub.user_uid = $1 and s.plan_tier is not null order by sub.start_date desc, sub.subscription_id desc limit 1`,
    [userUid],
  );
  return row
    ? {
        statusCd: row.status_cd,
        cancelledOn: row.cancelled_on && new Date(row.cancelled_on),
        endDate: row.end_date && new Date(row.end_date),
      }
    : null;
}

/** Configuration's answer to "are Expiring people invited back too?" (Winback/expiringAudience). */
async function expiringInvited(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ config: { Show?: unknown } | null }>(
    `select config from feature_rules where module_name = 'Winback' and feature_cd = 'expiringAudience'`,
  );
  return row?.config?.Show === true;
}

/** A winback offer is redeemed once: any sale of a rebate plan that went through (or waits to) counts. */
async function hasRedeemed(db: Queryable, userUid: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from transactions t join skus s on s.sku_id = t.sku_id
     where t.user_uid = $1 and t.transaction_type = 'SALE' and t.status_cd in ('SUCC', 'PEND') and s.sku_type_cd = 'REBT' limit 1`,
    [userUid],
  );
  return rows.length > 0;
}

/** Where the person stands towards winback, from the stored record. */
export async function winbackFacts(db: Queryable, user: UserRow, now = new Date()): Promise<WinbackFacts> {
  const [plan, invited, redeemed] = await Promise.all([
    latestPlan(db, user.user_uid),
    expiringInvited(db),
    hasRedeemed(db, user.user_uid),
  ]);
  const audience = winbackAudienceOf(plan, invited);
  return {
    Standing: winbackStandingOf({ plan, audience, redeemed }),
    Audience: audience,
    CancellationDays: plan && audience ? cancellationDaysOf(plan, now) : null,
  };
}

/**
 * Refuses a winback offer to whoever may not redeem it: someone outside the audience or its
 * window (403), or someone who has redeemed one already (409). Called inside the payment's
 * transaction, after the person's row is locked, so two checkouts cannot both redeem.
 */
export async function assertWinbackRedeemable(
  tx: Queryable,
  user: UserRow,
  sku: SkuRow,
  now = new Date(),
): Promise<void> {
  if (!isWinbackSku(sku.sku_type_cd)) return;
  const facts = await winbackFacts(tx, user, now);
  if (facts.Standing === 'redeemed')
    throw new ApiError(409, 'WINBACK_REDEEMED', 'A winback offer has already been redeemed on this account.');
  const window =
    sku.winback_min_days === null || sku.winback_max_days === null
      ? null
      : { minDays: sku.winback_min_days, maxDays: sku.winback_max_days };
  if (
    facts.Standing !== 'eligible' ||
    facts.CancellationDays === null ||
    !window ||
    !offerCoversDays(window, facts.CancellationDays)
  ) {
    throw new ApiError(403, 'WINBACK_NOT_OFFERED', 'This winback offer is not available to this account.');
  }
}
