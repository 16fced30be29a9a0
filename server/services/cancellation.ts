import { createHash, randomInt } from 'node:crypto';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../db/database';
import type { CancellationData, CancellationReceipt } from '../../src/api/schemas/subscriptions';
import type { cancellationRequestBody, surveyBody } from '../../src/api/schemas/subscriptions';
import { ApiError } from '../http/errors';
import { findSubscription } from '../repositories/subscriptions';
import type { UserRow } from '../repositories/users';
import { consumeCaptcha, type VerifiedCaptcha } from './captcha';
import { lockOwnSubscription } from './save-offers';
import { cancellationEmail } from '../domain/cancellation-email';
import { productNameFor, subscriptionIdentity } from '../domain/product-catalogue';

export function newCancellationNumber(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `CN${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Signed-in cancellation: an active plan stops renewing and runs to the end of its period;
 * a plan that is not being paid for (suspended, retrying, pending) ends now. A pause set on the
 * plan ends with it. Cancelling what is already cancelled answers the same cancellation again.
 *
 * A new cancellation also queues its confirmation e-mail, in the same transaction: the person
 * gets it once however often the request arrives. The row is locked before it is read, so two
 * requests at once cancel once.
 */
export async function cancelSubscription(
  db: Database,
  user: UserRow,
  subscriptionId: number,
): Promise<CancellationData> {
  return db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, user, subscriptionId);
    let cancelledNow = true;
    if (sub.status_cd === 'ACTV') {
      await tx.query(
        `update subscriptions set status_cd = 'EXPR', subscription_type_cd = 'EXPR', cancelled_on = now(), next_billing_date = null, cancellation_number = $2,
           paused_from = null, resumes_on = null
         where subscription_id = $1`,
        [subscriptionId, newCancellationNumber()],
      );
      await tx.query(`update users set user_type = 'EXPR' where user_uid = $1`, [user.user_uid]);
    } else if (['SUSP', 'RTRY', 'PEND'].includes(sub.status_cd)) {
      await tx.query(
        `update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', cancelled_on = now(), end_date = least(end_date, now()),
           next_billing_date = null, cancellation_number = $2, paused_from = null, resumes_on = null where subscription_id = $1`,
        [subscriptionId, newCancellationNumber()],
      );
      await tx.query(`update users set user_type = 'EXPD' where user_uid = $1`, [user.user_uid]);
    } else if (sub.status_cd !== 'EXPR' || !sub.cancellation_number) {
      throw new ApiError(409, 'NOT_CANCELLABLE', 'This subscription has already ended.');
    } else {
      cancelledNow = false;
    }
    const after = (await findSubscription(tx, subscriptionId))!;
    const [{ user_type } = { user_type: user.user_type }] = await tx.query<{ user_type: string }>(
      'select user_type from users where user_uid = $1',
      [user.user_uid],
    );
    const answer: CancellationData = {
      CancellationNumber: after.cancellation_number!,
      SkuID: after.sku_id,
      SkuLabel: after.label,
      PaymentStatus: 'SUCC',
      SubscriptionStatus: after.status_cd,
      AccessEndsOn: new Date(after.end_date).toISOString(),
      UserType: user_type,
      DeclaredAt: new Date(after.cancelled_on ?? Date.now()).toISOString(),
    };
    if (cancelledNow) await queueCancellationEmail(tx, user, answer, after.plan_kind);
    return answer;
  });
}

/** The confirmation of a signed-in cancellation: its number, the plan, when it was declared and when access ends. */
async function queueCancellationEmail(
  tx: Queryable,
  user: UserRow,
  cancellation: CancellationData,
  planKind: string | null,
) {
  // The plan is named as the person's pages name it, in their culture: never the database's English label.
  const plan = productNameFor(
    user.culture_cd,
    subscriptionIdentity({ SkuLabel: cancellation.SkuLabel, PlanKind: planKind }),
  );
  const email = cancellationEmail(user.culture_cd, {
    number: cancellation.CancellationNumber,
    plan,
    declaredAt: cancellation.DeclaredAt,
    accessEndsOn: cancellation.AccessEndsOn,
  });
  await tx.query('insert into outbox_emails (to_address, subject, body) values ($1, $2, $3)', [
    user.email_address,
    email.subject,
    email.body,
  ]);
}

/** How long a repeat of the same survey answer is taken for the first one. */
const SURVEY_REPEAT_WINDOW_MINUTES = 10;

/**
 * Stores a survey answer and answers its id. The same answer again (same person, subscription,
 * reason and flow) within a few minutes is a repeat (a double click, a retry): it answers the
 * first id and stores nothing.
 */
export async function storeSurveyAnswer(
  db: Database,
  userUid: string,
  answer: z.output<typeof surveyBody>,
): Promise<number> {
  const subscriptionId = answer.subscription_id ?? null;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
      `survey:${userUid}:${subscriptionId ?? ''}:${answer.reason_cd}:${answer.flow_type}`,
    ]);
    const [earlier] = await tx.query<{ id: string }>(
      `select id from survey_answers where user_uid = $1 and subscription_id is not distinct from $2::bigint and reason_cd = $3 and flow_type = $4
         and created_at > now() - make_interval(mins => $5) order by created_at limit 1`,
      [userUid, subscriptionId, answer.reason_cd, answer.flow_type, SURVEY_REPEAT_WINDOW_MINUTES],
    );
    if (earlier) return Number(earlier.id);
    const [row] = await tx.query<{ id: string }>(
      'insert into survey_answers (user_uid, subscription_id, reason_cd, reason_text, flow_type) values ($1, $2, $3, $4, $5) returning id',
      [userUid, subscriptionId, answer.reason_cd, answer.reason_text ?? null, answer.flow_type],
    );
    return Number(row!.id);
  });
}

type CancellationRequest = z.output<typeof cancellationRequestBody>;

/**
 * The logged-out cancellation request. It is stored before the answer goes out, a repeat of the
 * same request returns the first receipt, and the answer is the same whether or not the e-mail
 * and account id match an account, so the form reveals nothing about who has one.
 *
 * `captcha` is a solution the caller has verified. A repeat of a request already received (a
 * double click, a retry after a timeout: the same fingerprint) answers the first receipt without
 * using the captcha up, whichever captcha it carries. Only a new request uses its captcha, in the
 * same transaction that stores it, so a captcha that let one request through refuses any other
 * (CAPTCHA_REPLAYED) and nothing of that other request is stored.
 */
export async function receiveCancellationRequest(
  db: Database,
  request: CancellationRequest,
  captcha: VerifiedCaptcha,
): Promise<CancellationReceipt> {
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        request.email_address,
        request.account_id,
        request.portal_id,
        request.cancellation_date?.slice(0, 10) ?? null,
        request.is_extraordinary_cancellation,
        request.cancellation_reason ?? null,
      ]),
    )
    .digest('hex');
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [fingerprint]);
    const existing = await findReceipt(tx, fingerprint);
    if (existing) return existing;
    const number = newCancellationNumber();
    await consumeCaptcha(tx, captcha, number);
    const match = await findCancellableSubscription(tx, request.email_address, request.account_id);
    let effective: string | null = null;
    if (match) effective = await applyRequest(tx, match, request, number);
    await tx.query(
      `insert into cancellation_requests (cancellation_number, request_fingerprint, email_address, account_id, portal_id, cancellation_date,
         is_extraordinary_cancellation, cancellation_reason, cancellation_request_time, matched_subscription_id, handling, effective_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        number,
        fingerprint,
        request.email_address,
        request.account_id,
        request.portal_id,
        request.cancellation_date ?? null,
        request.is_extraordinary_cancellation,
        request.is_extraordinary_cancellation ? (request.cancellation_reason ?? null) : null,
        request.cancellation_request_time,
        match?.subscription_id ?? null,
        match ? 'applied' : 'manual',
        effective,
      ],
    );
    await tx.query('insert into outbox_emails (to_address, subject, body) values ($1, $2, $3)', [
      request.email_address,
      `Your cancellation request ${number}`,
      `We received your cancellation request ${number} on ${new Date().toISOString()}. Keep this e-mail as your confirmation.`,
    ]);
    return (await findReceipt(tx, fingerprint))!;
  });
}

async function findReceipt(tx: Queryable, fingerprint: string): Promise<CancellationReceipt | undefined> {
  const [row] = await tx.query<{
    cancellation_number: string;
    received_at: Date;
    cancellation_date: Date | null;
    account_id: string;
    email_address: string;
    is_extraordinary_cancellation: boolean;
  }>(
    `select cancellation_number, received_at, cancellation_date, account_id, email_address, is_extraordinary_cancellation
     from cancellation_requests where request_fingerprint = $1`,
    [fingerprint],
  );
  if (!row) return undefined;
  // Only what was asked for and when: never whether it matched, nor the end date that was applied.
  return {
    CancellationNumber: row.cancellation_number,
    ReceivedAt: new Date(row.received_at).toISOString(),
    EffectiveDate: row.cancellation_date ? new Date(row.cancellation_date).toISOString() : null,
    AccountId: row.account_id,
    EmailAddress: row.email_address,
    IsExtraordinary: row.is_extraordinary_cancellation,
  };
}

async function findCancellableSubscription(tx: Queryable, email: string, accountId: string) {
  const [row] = await tx.query<{ subscription_id: string; user_uid: string; status_cd: string; end_date: Date }>(
    `select sub.subscription_id, sub.user_uid, sub.status_cd, sub.end_date from subscriptions sub join users u on u.user_uid = sub.user_uid
     where lower(u.email_address) = $1 and u.account_id = $2 and sub.status_cd in ('ACTV', 'SUSP', 'RTRY', 'PEND', 'EXPR')
     order by sub.start_date desc limit 1 for update of sub`,
    [email, accountId],
  );
  return row;
}

/** Ordinary notice runs to the chosen date or the period's end; extraordinary notice ends access now. */
async function applyRequest(
  tx: Queryable,
  sub: { subscription_id: string; user_uid: string; end_date: Date },
  request: CancellationRequest,
  number: string,
): Promise<string> {
  const periodEnd = new Date(sub.end_date);
  const chosen = request.cancellation_date ? new Date(request.cancellation_date) : null;
  const now = new Date();
  const effective = request.is_extraordinary_cancellation
    ? now
    : chosen && chosen < periodEnd
      ? chosen < now
        ? now
        : chosen
      : periodEnd;
  const endsNow = effective.getTime() <= now.getTime();
  await tx.query(
    `update subscriptions set status_cd = $2, subscription_type_cd = $2, cancelled_on = now(), next_billing_date = null, end_date = $3,
       cancellation_number = coalesce(cancellation_number, $4), paused_from = null, resumes_on = null where subscription_id = $1`,
    [sub.subscription_id, endsNow ? 'EXPD' : 'EXPR', effective.toISOString(), number],
  );
  await tx.query('update users set user_type = $2 where user_uid = $1', [sub.user_uid, endsNow ? 'EXPD' : 'EXPR']);
  return effective.toISOString();
}
