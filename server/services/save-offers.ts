import type { Database, Queryable } from '../db/database';
import { ApiError, forbidden, notFound } from '../http/errors';
import { findSubscription, toSubscription, type SubscriptionRow } from '../repositories/subscriptions';
import type { UserRow } from '../repositories/users';
import {
  SAVE_OFFERS,
  addMonths,
  isSaveOfferRedeemable,
  redemptionsInWindow,
  type PauseResult,
  type ResumeResult,
  type SaveOfferId,
  type SaveOfferResult,
} from '../../src/api/schemas/subscriptions';

interface RedemptionRow {
  offer_id: SaveOfferId;
  redeemed_at: Date;
}

/** A plan that renews by itself: only such a plan can be kept with an offer or paused. */
const isRecurring = (sub: SubscriptionRow) => sub.subscription_type_cd === 'AUTO';

export async function listRedemptions(db: Queryable, subscriptionId: number | string): Promise<RedemptionRow[]> {
  return db.query<RedemptionRow>(
    'select offer_id, redeemed_at from save_offer_redemptions where subscription_id = $1 order by redeemed_at desc, id desc',
    [subscriptionId],
  );
}

/**
 * Whether the subscription may take a save offer now. A subscription with a pause set takes none:
 * the pause already moved its renewal, and is ended first.
 */
export function canTakeSaveOffer(sub: SubscriptionRow, redemptions: readonly RedemptionRow[], now: Date): boolean {
  if (sub.paused_from) return false;
  return isSaveOfferRedeemable({
    status: sub.status_cd,
    planIsRecurring: isRecurring(sub),
    redemptions: redemptions.map((r) => ({ redeemedAt: r.redeemed_at })),
    now,
  });
}

/** Whether the subscription may be paused now: active, renewing and not paused already. */
export const canPause = (sub: SubscriptionRow) => sub.status_cd === 'ACTV' && isRecurring(sub) && !sub.paused_from;

/** Whether the plan's features stay available during a pause: remote configuration, off unless configured. */
export async function pauseKeepsAccess(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ config: { Data?: { keepsAccess?: unknown } } }>(
    `select config from feature_rules where module_name = 'Cancellation' and feature_cd = 'pause'`,
  );
  return row?.config.Data?.keepsAccess === true;
}

/**
 * Locks the subscription's row for the rest of the transaction and reads it, so that two requests
 * about one subscription run one after the other, each seeing what the other wrote.
 */
export async function lockOwnSubscription(
  tx: Queryable,
  user: UserRow,
  subscriptionId: number,
): Promise<SubscriptionRow> {
  await tx.query('select 1 from subscriptions where subscription_id = $1 for update', [subscriptionId]);
  const sub = await findSubscription(tx, subscriptionId);
  if (!sub) throw notFound('The subscription');
  if (sub.user_uid !== user.user_uid) throw forbidden();
  return sub;
}

/**
 * Takes a save offer instead of cancelling, changing the subscription for real: a discount lowers
 * the next renewal, a free month moves the renewal and the end of access one month later. The
 * offer taken is recorded with what it changed. Asking again for an offer the subscription already
 * took answers that first redemption and changes nothing.
 */
export async function redeemSaveOffer(
  db: Database,
  user: UserRow,
  subscriptionId: number,
  offerId: SaveOfferId,
): Promise<SaveOfferResult> {
  return db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, user, subscriptionId);
    const now = new Date();
    const redemptions = await listRedemptions(tx, subscriptionId);
    const recent = redemptionsInWindow(redemptions, (r) => r.redeemed_at, now);
    const offer = SAVE_OFFERS[offerId];
    const earlier = recent.find((r) => r.offer_id === offerId);
    if (earlier)
      return {
        OfferID: offerId,
        Kind: offer.kind,
        RedeemedAt: new Date(earlier.redeemed_at).toISOString(),
        Subscription: toSubscription(sub, now.getTime()),
      };
    // A plan that could take no offer at all is told so before being told about the limit.
    if (!canTakeSaveOffer(sub, [], now))
      throw new ApiError(
        409,
        'OFFER_NOT_ELIGIBLE',
        'Only an active, renewing subscription that is not paused can take this offer.',
      );
    if (!canTakeSaveOffer(sub, redemptions, now))
      throw new ApiError(
        409,
        'OFFER_ALREADY_REDEEMED',
        'This subscription has already taken a save offer in the last 12 months.',
      );

    let changes: Record<string, { from: unknown; to: unknown }>;
    if (offer.kind === 'discount') {
      changes = { renewal_discount_percent: { from: sub.renewal_discount_percent, to: offer.discountPercent } };
      await tx.query('update subscriptions set renewal_discount_percent = $2 where subscription_id = $1', [
        subscriptionId,
        offer.discountPercent,
      ]);
    } else {
      const end = new Date(sub.end_date);
      const nextBilling = sub.next_billing_date ? new Date(sub.next_billing_date) : end;
      const months = offer.freeMonths ?? 1;
      const newEnd = addMonths(end, months);
      const newNextBilling = addMonths(nextBilling, months);
      changes = {
        next_billing_date: {
          from: sub.next_billing_date ? nextBilling.toISOString() : null,
          to: newNextBilling.toISOString(),
        },
        end_date: { from: end.toISOString(), to: newEnd.toISOString() },
      };
      await tx.query('update subscriptions set next_billing_date = $2, end_date = $3 where subscription_id = $1', [
        subscriptionId,
        newNextBilling.toISOString(),
        newEnd.toISOString(),
      ]);
    }
    const [row] = await tx.query<{ redeemed_at: Date }>(
      'insert into save_offer_redemptions (subscription_id, user_uid, offer_id, changes) values ($1, $2, $3, $4) returning redeemed_at',
      [subscriptionId, user.user_uid, offerId, JSON.stringify(changes)],
    );
    const after = (await findSubscription(tx, subscriptionId))!;
    return {
      OfferID: offerId,
      Kind: offer.kind,
      RedeemedAt: new Date(row!.redeemed_at).toISOString(),
      Subscription: toSubscription(after, now.getTime()),
    };
  });
}

/**
 * Pauses a renewing plan for `months` months from the end of its paid period: nothing is charged
 * until the pause ends, and billing resumes by itself on that date (the renewal run charges it).
 * Where configuration keeps access during a pause, access lasts until the resume date; else it is
 * held from the end of the paid period. Asking again for the same pause answers it again; asking
 * for another length while paused is refused.
 */
export async function pauseSubscription(
  db: Database,
  user: UserRow,
  subscriptionId: number,
  months: number,
): Promise<PauseResult> {
  return db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, user, subscriptionId);
    const keepsAccess = await pauseKeepsAccess(tx);
    if (sub.paused_from && sub.resumes_on) {
      const same = addMonths(new Date(sub.paused_from), months).getTime() === new Date(sub.resumes_on).getTime();
      if (!same)
        throw new ApiError(
          409,
          'ALREADY_PAUSED',
          'This subscription is already paused for another length; resume it first.',
        );
      return { Months: months, KeepsAccess: keepsAccess, Subscription: toSubscription(sub) };
    }
    if (!canPause(sub))
      throw new ApiError(409, 'PAUSE_NOT_ELIGIBLE', 'Only an active, renewing subscription can be paused.');
    const pausedFrom = new Date(sub.end_date);
    const resumesOn = addMonths(pausedFrom, months);
    await tx.query(
      `update subscriptions set paused_from = $2, resumes_on = $3, next_billing_date = $3, end_date = case when $4::boolean then $3 else end_date end
        where subscription_id = $1`,
      [subscriptionId, pausedFrom.toISOString(), resumesOn.toISOString(), keepsAccess],
    );
    return {
      Months: months,
      KeepsAccess: keepsAccess,
      Subscription: toSubscription((await findSubscription(tx, subscriptionId))!),
    };
  });
}

/**
 * Ends a pause, whether it has started or not: access and billing go back to the end of the paid
 * period (a pause already running is charged by the next renewal run). Without a pause, nothing changes.
 */
export async function resumeSubscription(db: Database, user: UserRow, subscriptionId: number): Promise<ResumeResult> {
  return db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, user, subscriptionId);
    if (!sub.paused_from) return { Subscription: toSubscription(sub) };
    await tx.query(
      'update subscriptions set end_date = paused_from, next_billing_date = paused_from, paused_from = null, resumes_on = null where subscription_id = $1',
      [subscriptionId],
    );
    return { Subscription: toSubscription((await findSubscription(tx, subscriptionId))!) };
  });
}
