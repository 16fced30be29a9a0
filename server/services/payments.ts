import type { Database, Queryable } from '../db/database';
import type { PaymentResult } from '../../src/api/schemas/payments';
import type { z } from 'zod/mini';
import type { createPaymentBody } from '../../src/api/schemas/payments';
import { ApiError, noSuchSku, skuNotSold } from '../http/errors';
import { chargeToday, findSku, type SkuRow } from '../repositories/skus';
import { CURRENT_STATUSES } from '../repositories/subscriptions';
import type { UserRow } from '../repositories/users';
import { addDays, expectedDays } from '../domain/schedule';
import { assertWinbackRedeemable } from './winback';
import { isWinbackSku } from '../../machines/winback.rules';
import { replayOrRun, type KeyedWrite } from './idempotency';

type PaymentInput = z.output<typeof createPaymentBody>;
/** Who pays, as the charge's own statements need it. */
type Payer = Pick<UserRow, 'user_uid'>;

const REVIEW_PRODUCTS = new Set(['RSMRVW']);

/** Statuses a plan that starts now replaces: whatever was still running out, and checkouts still waiting. */
const REPLACED_BY_NEW_PLAN = CURRENT_STATUSES.filter((s) => s !== 'ACTV');

/**
 * Charges the user for a SKU. A `session_guid` identifies one checkout: whatever happens,
 * one checkout charges at most once, and replaying it answers what the first charge answered.
 * Declines are not remembered against the guid, so the same checkout can be retried.
 */
export async function createPayment(
  db: Database,
  user: UserRow,
  input: PaymentInput,
  findSkuRow: (skuId: number) => Promise<SkuRow | undefined> = (skuId) => findSku(db, skuId),
): Promise<PaymentResult> {
  const sku = await findSkuRow(input.sku_id);
  if (!sku) throw noSuchSku();
  if (!soldToUser(sku, user)) throw skuNotSold('this SKU is not sold in your market');
  if (chargedInOneCall(sku, input)) return (await chargeCheckout(db, user, sku, input, null))!;
  return db.transaction(async (tx) => {
    // Takes the checkout's locks (its key, then the person), then reads what the charge depends on.
    const state = await lockCheckout(tx, input.session_guid, user.user_uid);
    return replayOrRun(tx, keptAnswerOf(user, state.stored), () =>
      chargeOnce(tx, user, sku, input, state.hasActivePlan),
    );
  });
}

interface KeptCheckout {
  user_uid: string;
  response: PaymentResult;
}

interface CheckoutState {
  stored: KeptCheckout | undefined;
  hasActivePlan: boolean;
}

/** What was kept under a checkout's key: answered again to its owner, refused to anybody else. */
const keptAnswerOf = (user: Payer, stored: KeptCheckout | undefined): KeyedWrite<KeptCheckout, PaymentResult> => ({
  find: async () => stored,
  ownerOf: (kept) => kept.user_uid,
  userUid: user.user_uid,
  inUse: () => new ApiError(409, 'SESSION_GUID_IN_USE', 'This checkout session belongs to another user.'),
  replay: (kept) => ({ ...kept.response, Replayed: true }),
});

/**
 * A checkout with nothing but the charge to decide (no test decline, winback check or review
 * order) goes to the database as one statement, `charge_checkout` (migration 015): its locks,
 * reads and writes happen there, in that statement's own transaction.
 */
const chargedInOneCall = (sku: SkuRow, input: PaymentInput): boolean =>
  !input.fail_payment && !isWinbackSku(sku.sku_type_cd) && !REVIEW_PRODUCTS.has(sku.product_id);

/** A SKU is sold to a person by their own portal, or in their own country (charge_checkout's session check says the same in SQL). */
const soldToUser = (sku: SkuRow, user: Pick<UserRow, 'portal_id' | 'country_cd'>): boolean =>
  sku.portal_id === user.portal_id || sku.country_cd === user.country_cd;

/**
 * The common checkout (see chargedInOneCall) of a person whose session cookie nobody has checked
 * yet: charge_checkout checks it (live, the payer's, and the SKU sold to them) and charges in the
 * same statement, one round trip instead of two. Undefined when it did nothing (any other kind of
 * checkout, an unknown SKU, or a session that did not pass): the caller then checks the session
 * the usual way, whose answer says why, and pays through createPayment.
 */
export async function payInUncheckedSession(
  db: Database,
  sessionId: string,
  input: PaymentInput,
  findSkuRow: (skuId: number) => Promise<SkuRow | undefined>,
): Promise<PaymentResult | undefined> {
  const sku = await findSkuRow(input.sku_id);
  if (!sku || !chargedInOneCall(sku, input)) return undefined;
  // A uuid's canonical text is lower case, as the database answers it: kept answers are compared to it.
  return chargeCheckout(db, { user_uid: input.user_uid.toLowerCase() }, sku, input, sessionId);
}

/** Undefined only when given a session (`payerSession`) that did not pass charge_checkout's check. */
async function chargeCheckout(
  db: Database,
  user: Payer,
  sku: SkuRow,
  input: PaymentInput,
  payerSession: string | null,
): Promise<PaymentResult | undefined> {
  const charge = chargeOf(sku, input);
  const [row] = await db.query<{
    session_live: boolean;
    kept_user: string | null;
    kept_response: PaymentResult | null;
    sale_id: string | null;
    plan_id: string | null;
  }>(CHARGE_CHECKOUT_SQL, [...chargeParameters(user, sku, input, charge), payerSession, sku.portal_id, sku.country_cd]);
  if (!row!.session_live) return undefined;
  const kept = row!.kept_response ? { user_uid: row!.kept_user!, response: row!.kept_response } : undefined;
  return replayOrRun(db, keptAnswerOf(user, kept), async () => {
    if (row!.sale_id === null) {
      await recordAttempt(db, user, input, 'FAIL', 'already_subscribed');
      return alreadySubscribed(charge.base);
    }
    return {
      ...charge.answered,
      TransactionID: Number(row!.sale_id),
      SubscriptionID: row!.plan_id === null ? null : Number(row!.plan_id),
    };
  });
}

/** Holds the checkout's locks until the transaction ends (migration 014), and answers what the charge depends on. */
async function lockCheckout(tx: Queryable, sessionGuid: string, userUid: string): Promise<CheckoutState> {
  const [row] = await tx.query<{
    stored_user: string | null;
    stored_response: PaymentResult | null;
    has_active_plan: boolean;
  }>('select stored_user, stored_response, has_active_plan from lock_checkout($1, $2)', [sessionGuid, userUid]);
  return {
    stored: row!.stored_response ? { user_uid: row!.stored_user!, response: row!.stored_response } : undefined,
    hasActivePlan: row!.has_active_plan,
  };
}

type AnswerBase = Pick<PaymentResult, 'SkuID' | 'Amount' | 'CurrencyCD' | 'Replayed'>;
type ChargeAnswer = Omit<PaymentResult, 'TransactionID' | 'SubscriptionID'>;

/** What a charge of this SKU costs today and answers, before the database has made its ids. */
function chargeOf(sku: SkuRow, input: PaymentInput): { base: AnswerBase; answered: ChargeAnswer; amount: number } {
  const amount = chargeToday(sku);
  const base = { SkuID: sku.sku_id, Amount: amount, CurrencyCD: sku.currency_cd, Replayed: false };
  const answered: ChargeAnswer = {
    ...base,
    PaymentStatus: 'SUCC',
    TransactionStatus: input.defer_completion ? 'PEND' : 'SUCC',
    FailureCode: null,
  };
  return { base, answered, amount };
}

const alreadySubscribed = (base: AnswerBase): PaymentResult => ({
  ...base,
  PaymentStatus: 'EXIST',
  TransactionStatus: 'FAIL',
  TransactionID: null,
  SubscriptionID: null,
  FailureCode: 'already_subscribed',
});

/** The first run of a checkout's key: a decline is not stored, so the same checkout can try again. */
async function chargeOnce(
  tx: Queryable,
  user: UserRow,
  sku: SkuRow,
  input: PaymentInput,
  hasActivePlan: boolean,
): Promise<PaymentResult> {
  await assertWinbackRedeemable(tx, user, sku);
  const charge = chargeOf(sku, input);
  if (input.fail_payment) {
    await recordAttempt(tx, user, input, 'FAIL', 'card_declined');
    return {
      ...charge.base,
      PaymentStatus: 'FAIL',
      TransactionStatus: 'FAIL',
      TransactionID: null,
      SubscriptionID: null,
      FailureCode: 'card_declined',
    };
  }
  if (sku.plan_tier && hasActivePlan) {
    await recordAttempt(tx, user, input, 'FAIL', 'already_subscribed');
    return alreadySubscribed(charge.base);
  }
  const [row] = await tx.query<{ transaction_id: string; subscription_id: string | null }>(
    RECORD_CHARGE_SQL,
    chargeParameters(user, sku, input, charge),
  );
  const transactionId = Number(row!.transaction_id);
  if (REVIEW_PRODUCTS.has(sku.product_id)) await openReviewOrder(tx, user.user_uid, sku.product_id, transactionId);
  return {
    ...charge.answered,
    TransactionID: transactionId,
    SubscriptionID: row!.subscription_id === null ? null : Number(row!.subscription_id),
  };
}

/** `record_charge` and `charge_checkout` take the same twenty parameters; charge_checkout three more, to check a session (migration 017). */
const CHARGE_PARAMETERS = 20;
const SESSION_CHECK_PARAMETERS = 3;
const argumentsUpTo = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ');
// Made once: each payment used to build its statement's text anew.
const CHARGE_CHECKOUT_SQL = `select session_live, kept_user, kept_response, sale_id, plan_id from charge_checkout(${argumentsUpTo(CHARGE_PARAMETERS + SESSION_CHECK_PARAMETERS)})`;
const RECORD_CHARGE_SQL = `select transaction_id, subscription_id from record_charge(${argumentsUpTo(CHARGE_PARAMETERS)})`;

/**
 * A plan that starts replaces whatever was still running out (expiring, suspended, retrying).
 * A pending one has not started: the person keeps that access until it is completed, and only
 * an earlier checkout still waiting is replaced, so two pending plans cannot both start.
 */
function chargeParameters(
  user: Payer,
  sku: SkuRow,
  input: PaymentInput,
  charge: { answered: ChargeAnswer; amount: number },
): unknown[] {
  const now = new Date();
  const days = sku.trial_days > 0 ? sku.trial_days : expectedDays(sku.schedule_type_cd, sku.duration);
  const end = addDays(now, days);
  const pending = input.defer_completion;
  const renews = sku.subscription_type_cd === 'AUTO';
  const replaced = pending ? ['PEND'] : REPLACED_BY_NEW_PLAN;
  return [
    user.user_uid,
    sku.sku_id,
    Boolean(sku.plan_tier),
    replaced,
    pending ? 'PEND' : 'ACTV',
    pending ? 'PEND' : sku.subscription_type_cd,
    now.toISOString(),
    end.toISOString(),
    renews ? end.toISOString() : null,
    pending,
    pending ? 'PEND' : 'SUCC',
    charge.amount,
    sku.currency_cd,
    input.payment_method,
    input.card_type ?? null,
    input.last_four_digits ?? null,
    JSON.stringify([{ item_subtype_cd: sku.sku_type_cd, descriptor: sku.label }]),
    input.session_guid,
    pending ? 'PEND' : 'SUCC',
    JSON.stringify(charge.answered),
  ];
}

async function endReplacedPlans(
  tx: Queryable,
  userUid: string,
  statuses: string[],
  keepSubscriptionId: number | string | null = null,
) {
  await tx.query(
    `update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', end_date = least(end_date, now())
     where user_uid = $1 and status_cd = any($2::text[]) and subscription_id is distinct from $3::bigint`,
    [userUid, statuses, keepSubscriptionId],
  );
}

async function openReviewOrder(tx: Queryable, userUid: string, productCd: string, transactionId: number) {
  const [doc] = await tx.query<{ document_id: string }>(
    `select document_id from documents where user_uid = $1 and doc_type_cd = 'RSME' order by modified_on desc limit 1`,
    [userUid],
  );
  await tx.query(
    `insert into review_orders (user_uid, document_id, product_cd, status_cd, transaction_id) values ($1, $2, $3, 'NOTSTARTED', $4)`,
    [userUid, doc?.document_id ?? null, productCd, transactionId],
  );
}

async function recordAttempt(
  tx: Queryable,
  user: Payer,
  input: PaymentInput,
  outcome: 'SUCC' | 'FAIL' | 'PEND',
  failureCode: string | null,
) {
  await tx.query(
    'insert into payment_attempts (user_uid, session_guid, sku_id, outcome, failure_code) values ($1, $2, $3, $4, $5)',
    [user.user_uid, input.session_guid, input.sku_id, outcome, failureCode],
  );
}

export interface SettledPayment {
  TransactionID: number;
  TransactionStatus: 'SUCC' | 'FAIL';
  SubscriptionID: number | null;
}

interface LockedTransaction {
  status_cd: 'SUCC' | 'FAIL' | 'PEND';
  subscription_id: string | null;
  session_guid: string | null;
  sku_id: number;
}

/**
 * The user's sale, locked in the order a payment takes its locks (checkout session, then the
 * user), so completing, cancelling and paying the same checkout happen one after another.
 */
async function lockSale(tx: Queryable, userUid: string, transactionId: number): Promise<LockedTransaction | null> {
  const [found] = await tx.query<{ session_guid: string | null }>(
    `select session_guid from transactions where transaction_id = $1 and user_uid = $2 and transaction_type = 'SALE'`,
    [transactionId, userUid],
  );
  if (!found) return null;
  if (found.session_guid) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [found.session_guid]);
  await tx.query('select 1 from users where user_uid = $1 for update', [userUid]);
  const [row] = await tx.query<LockedTransaction>(
    'select status_cd, subscription_id, session_guid, sku_id from transactions where transaction_id = $1 for update',
    [transactionId],
  );
  return row ?? null;
}

const settled = (transactionId: number, status: 'SUCC' | 'FAIL', row: LockedTransaction): SettledPayment => ({
  TransactionID: transactionId,
  TransactionStatus: status,
  SubscriptionID: row.subscription_id ? Number(row.subscription_id) : null,
});

/**
 * Confirms a pending payment (the person approved it at the payment method); confirming one
 * that already went through changes nothing, and one that was cancelled cannot be confirmed.
 */
export async function completePayment(
  db: Database,
  userUid: string,
  transactionId: number,
): Promise<SettledPayment | null> {
  return db.transaction(async (tx) => {
    const row = await lockSale(tx, userUid, transactionId);
    if (!row) return null;
    if (row.status_cd === 'FAIL')
      throw new ApiError(
        409,
        'PAYMENT_CANCELLED',
        'This payment was cancelled, so it cannot be completed. Start the checkout again.',
      );
    if (row.status_cd === 'PEND') {
      await tx.query(`update transactions set status_cd = 'SUCC' where transaction_id = $1`, [transactionId]);
      // Paying the same checkout again now answers that it went through, not that it waits.
      if (row.session_guid) {
        await tx.query(
          `update idempotency_keys set response = jsonb_set(response, '{TransactionStatus}', '"SUCC"')
           where scope = 'payment' and key = $1 and (response->>'TransactionID')::bigint = $2`,
          [row.session_guid, transactionId],
        );
      }
      if (row.subscription_id) {
        // Only a plan still waiting for this payment starts: one replaced meanwhile by another purchase stays ended.
        const started = await tx.query(
          `update subscriptions set status_cd = 'ACTV', subscription_type_cd = s.subscription_type_cd
           from skus s where s.sku_id = subscriptions.sku_id and subscriptions.subscription_id = $1 and subscriptions.status_cd = 'PEND'
           returning subscriptions.subscription_id`,
          [row.subscription_id],
        );
        if (started.length) {
          await endReplacedPlans(tx, userUid, REPLACED_BY_NEW_PLAN, row.subscription_id);
          await tx.query(`update users set user_type = 'ACTV' where user_uid = $1`, [userUid]);
        }
      }
    }
    return settled(transactionId, 'SUCC', row);
  });
}

/**
 * Voids a pending payment the person turned down at the payment method: the sale is FAIL, its
 * plan never starts, and the checkout session is free to be paid again (as after a decline).
 * Cancelling twice changes nothing; a payment that already went through cannot be cancelled.
 */
export async function cancelPendingPayment(
  db: Database,
  userUid: string,
  transactionId: number,
): Promise<SettledPayment | null> {
  return db.transaction(async (tx) => {
    const row = await lockSale(tx, userUid, transactionId);
    if (!row) return null;
    if (row.status_cd === 'SUCC')
      throw new ApiError(409, 'PAYMENT_COMPLETED', 'This payment has already gone through, so it cannot be cancelled.');
    if (row.status_cd === 'PEND') {
      await tx.query(`update transactions set status_cd = 'FAIL' where transaction_id = $1`, [transactionId]);
      if (row.subscription_id) {
        await tx.query(
          `update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', end_date = least(end_date, now()), next_billing_date = null
           where subscription_id = $1 and status_cd = 'PEND'`,
          [row.subscription_id],
        );
      }
      if (row.session_guid) {
        await tx.query(
          `delete from idempotency_keys where scope = 'payment' and key = $1 and (response->>'TransactionID')::bigint = $2`,
          [row.session_guid, transactionId],
        );
        await tx.query(
          `insert into payment_attempts (user_uid, session_guid, sku_id, outcome, failure_code) values ($1, $2, $3, 'FAIL', 'apm_cancelled')`,
          [userUid, row.session_guid, row.sku_id],
        );
      }
    }
    return settled(transactionId, 'FAIL', row);
  });
}
