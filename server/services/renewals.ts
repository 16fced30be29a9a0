/**
 * Renewals: the server's own billing run. A renewing plan whose next billing date has come is
 * charged for one more period on the card it was paid with, through the payment sandbox's rule
 * for test cards. What the cancellation funnel booked takes effect here:
 * - a discount save offer lowers this one charge, then is used up;
 * - a pause moved the next billing date to its resume date, so nothing is charged while it runs;
 *   on that date the plan resumes by itself, with this charge, and the pause is cleared.
 * A declined renewal leaves the plan in retry (RTRY) with a failed charge on record. Each period
 * is charged at most once, however many runs overlap.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { addDays, expectedDays } from '../domain/schedule';
import { TEST_CARDS } from '../sandbox/test-cards.js';
import { discountedPrice } from '../../src/api/schemas/subscriptions';
import { toAmount } from '../domain/money';
import { storedPaymentMethod, type StoredPaymentMethod } from '../repositories/payment-methods';

export type RenewalOutcome =
  | {
      subscriptionId: number;
      outcome: 'renewed';
      transactionId: number;
      price: number;
      periodEnd: string;
      resumedFromPause: boolean;
    }
  | { subscriptionId: number; outcome: 'declined'; transactionId: number };

interface DueRow {
  subscription_id: string;
  user_uid: string;
  sku_id: number;
  next_billing_date: Date;
  renewal_discount_percent: number | null;
  paused_from: Date | null;
  resumes_on: Date | null;
  unit_price: string;
  currency_cd: string;
  sku_type_cd: string;
  label: string;
  schedule_type_cd: string;
  duration: number;
  trial_days: number;
}

/** The days one renewed period covers: a trial converts to monthly billing; any other plan renews its own schedule. */
export const renewalPeriodDays = (sku: { schedule_type_cd: string; duration: number; trial_days: number }): number =>
  sku.trial_days > 0 ? expectedDays('MNTH', 1) : expectedDays(sku.schedule_type_cd, sku.duration);

/**
 * Whether the sandbox approves charging what the plan was last paid with: a method that was charged
 * before is charged again, unless it is a card the sandbox declines (its declining test card). No
 * payment on file, nothing to charge.
 */
export function cardOnFileIsApproved(card: StoredPaymentMethod | undefined): boolean {
  if (!card) return false;
  const lastFour = card.last_four_digits;
  return (
    !lastFour ||
    !Object.entries(TEST_CARDS).some(([digits, rule]) => rule.outcome === 'declined' && digits.endsWith(lastFour))
  );
}

/** The same period is one renewal: its charge carries a session id made from the subscription and the period's start. */
function renewalSession(subscriptionId: number, periodStart: Date, kind: 'renewal' | 'retry' = 'renewal'): string {
  const hex = createHash('md5').update(`${kind}:${subscriptionId}:${periodStart.toISOString()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface RenewalCharge {
  userUid: string;
  subscriptionId: number;
  due: Pick<DueRow, 'sku_id' | 'currency_cd' | 'sku_type_cd' | 'label'>;
  approved: boolean;
  price: number;
  card: StoredPaymentMethod | undefined;
  periodStart: Date;
  periodEnd: Date;
  /** Keyed on the subscription and its period: a second run's charge of the same period is not written. */
  session: string;
}

/** Writes a renewal's charge (approved or declined); null when this period's charge is on record already. */
async function recordRenewalCharge(tx: Queryable, charge: RenewalCharge): Promise<number | null> {
  const [row] = await tx.query<{ transaction_id: string }>(
    `insert into transactions (user_uid, subscription_id, sku_id, transaction_type, sub_type, status_cd, price, currency_cd, payment_method_cd, card_type,
       last_four_digits, service_start_date, service_end_date, payment_items, session_guid)
     values ($1, $2, $3, 'SALE', 'RENEWAL', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict do nothing returning transaction_id`,
    [
      charge.userUid,
      charge.subscriptionId,
      charge.due.sku_id,
      charge.approved ? 'SUCC' : 'FAIL',
      charge.price,
      charge.due.currency_cd,
      charge.card?.payment_method_cd ?? 'CRCD',
      charge.card?.card_type ?? null,
      charge.card?.last_four_digits ?? null,
      charge.periodStart.toISOString(),
      charge.periodEnd.toISOString(),
      JSON.stringify([{ item_subtype_cd: charge.due.sku_type_cd, descriptor: charge.due.label }]),
      charge.session,
    ],
  );
  return row ? Number(row.transaction_id) : null;
}

async function renewOne(tx: Queryable, due: DueRow): Promise<RenewalOutcome | null> {
  const subscriptionId = Number(due.subscription_id);
  const periodStart = new Date(due.next_billing_date);
  const card = await storedPaymentMethod(tx, due.user_uid, subscriptionId);
  const price = discountedPrice(toAmount(due.unit_price), due.renewal_discount_percent);
  const periodEnd = addDays(periodStart, renewalPeriodDays(due));
  const approved = cardOnFileIsApproved(card);
  const transactionId = await recordRenewalCharge(tx, {
    userUid: due.user_uid,
    subscriptionId,
    due,
    approved,
    price,
    card,
    periodStart,
    periodEnd,
    session: renewalSession(subscriptionId, periodStart),
  });
  // This period was charged already (another run got here first).
  if (transactionId === null) return null;
  if (!approved) {
    await tx.query(`update subscriptions set status_cd = 'RTRY' where subscription_id = $1`, [subscriptionId]);
    return { subscriptionId, outcome: 'declined', transactionId };
  }
  const resumedFromPause = due.paused_from !== null;
  await tx.query(
    `update subscriptions set end_date = $2, next_billing_date = $2, renewal_discount_percent = null, paused_from = null, resumes_on = null
      where subscription_id = $1`,
    [subscriptionId, periodEnd.toISOString()],
  );
  return {
    subscriptionId,
    outcome: 'renewed',
    transactionId,
    price,
    periodEnd: periodEnd.toISOString(),
    resumedFromPause,
  };
}

/** Charges every renewing plan whose next billing date is at or before `now`, one transaction each. */
export async function renewDueSubscriptions(db: Database, now: Date): Promise<RenewalOutcome[]> {
  return db.transaction(async (tx) => {
    const due = await tx.query<DueRow>(
      `select sub.subscription_id, sub.user_uid, sub.sku_id, sub.next_billing_date, sub.renewal_discount_percent, sub.paused_from, sub.resumes_on,
              s.unit_price, s.currency_cd, s.sku_type_cd, s.label, s.schedule_type_cd, s.duration, s.trial_days
         from subscriptions sub join skus s on s.sku_id = sub.sku_id
        where sub.status_cd = 'ACTV' and sub.subscription_type_cd = 'AUTO' and sub.next_billing_date <= $1
        order by sub.next_billing_date, sub.subscription_id
        for update of sub skip locked`,
      [now.toISOString()],
    );
    const outcomes: RenewalOutcome[] = [];
    for (const row of due) {
      const outcome = await renewOne(tx, row);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  });
}

export type RetryOutcome = { subscriptionId: number; status: 'SUCC' | 'FAIL'; transactionId: number };

/**
 * The one retry of a failed renewal (status RTRY), made when a suspended person (or one whose
 * renewal is being retried) puts a new card on file. The missed period is charged once on the
 * card now on file, from now on: on success the plan is active and renewing again and the person
 * an active user; on a decline the plan stays in retry with the failed charge on record. Each
 * missed period is retried at most once, however often the card is changed: null when it was
 * retried already or nothing is owed.
 */
export async function retryFailedRenewal(tx: Queryable, userUid: string, now: Date): Promise<RetryOutcome | null> {
  const [due] = await tx.query<DueRow & { end_date: Date }>(
    `select sub.subscription_id, sub.user_uid, sub.sku_id, sub.next_billing_date, sub.end_date, sub.renewal_discount_percent, sub.paused_from, sub.resumes_on,
            s.unit_price, s.currency_cd, s.sku_type_cd, s.label, s.schedule_type_cd, s.duration, s.trial_days
       from subscriptions sub join skus s on s.sku_id = sub.sku_id
      where sub.user_uid = $1 and sub.status_cd in ('SUSP', 'RTRY')
      order by sub.start_date desc, sub.subscription_id desc limit 1
      for update of sub`,
    [userUid],
  );
  if (!due) return null;
  const subscriptionId = Number(due.subscription_id);
  // The period that was missed starts at its billing date; the retry is keyed on it.
  const missed = new Date(due.next_billing_date ?? due.end_date);
  const card = await storedPaymentMethod(tx, userUid, subscriptionId);
  const approved = cardOnFileIsApproved(card);
  const periodEnd = addDays(now, renewalPeriodDays(due));
  const price = discountedPrice(toAmount(due.unit_price), due.renewal_discount_percent);
  await tx.query(`update subscriptions set status_cd = 'RTRY' where subscription_id = $1`, [subscriptionId]);
  const transactionId = await recordRenewalCharge(tx, {
    userUid,
    subscriptionId,
    due,
    approved,
    price,
    card,
    periodStart: now,
    periodEnd,
    session: renewalSession(subscriptionId, missed, 'retry'),
  });
  if (transactionId === null) return null;
  if (!approved) return { subscriptionId, status: 'FAIL', transactionId };
  await tx.query(
    `update subscriptions set status_cd = 'ACTV', subscription_type_cd = 'AUTO', end_date = $2, next_billing_date = $2, renewal_discount_percent = null
      where subscription_id = $1`,
    [subscriptionId, periodEnd.toISOString()],
  );
  await tx.query(`update users set user_type = 'ACTV' where user_uid = $1`, [userUid]);
  return { subscriptionId, status: 'SUCC', transactionId };
}
