/**
 * The payment method on file, and changing it (change payment method). A new card is kept on
 * file without charging anything; a card the sandbox declines is not kept, and the old one stays.
 * For a suspended plan (or one whose renewal is in retry) the change retries the missed renewal
 * once with the new card (renewals.ts). Each update is keyed by its session guid: a repeat, or a
 * second one racing it, answers the first result and never charges twice.
 */
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { UserRow } from '../repositories/users';
import { retryFailedRenewal } from './renewals';
import { replayOrRun } from './idempotency';
import { storedPaymentMethod, type StoredPaymentMethod } from '../repositories/payment-methods';
import type {
  BillingUser,
  PaymentMethodAnswer,
  PaymentMethodOnFile,
  PaymentMethodUpdate,
  UpdatePaymentMethodBody,
} from '../../src/api/schemas/payments';

const toMethod = (row: StoredPaymentMethod): PaymentMethodOnFile => ({
  PaymentMethodCD: row.payment_method_cd,
  CardType: row.card_type,
  LastFourDigits: row.last_four_digits,
});

/** The method on file: the one the person put there, or else what they last paid with successfully. */
export async function paymentMethodOf(tx: Queryable, userUid: string): Promise<PaymentMethodOnFile | null> {
  const method = await storedPaymentMethod(tx, userUid);
  return method ? toMethod(method) : null;
}

export async function paymentMethodAnswerOf(db: Database, userUid: string): Promise<PaymentMethodAnswer> {
  const [billing] = await db.query<{
    first_name: string;
    last_name: string;
    zip_code: string | null;
    country_cd: string;
  }>('select first_name, last_name, zip_code, country_cd from billing_users where user_uid = $1', [userUid]);
  const billingUser: BillingUser | null = billing
    ? {
        UserUID: userUid,
        FirstName: billing.first_name,
        LastName: billing.last_name,
        ZipCode: billing.zip_code,
        CountryCD: billing.country_cd,
      }
    : null;
  return { PaymentMethod: await paymentMethodOf(db, userUid), BillingUser: billingUser };
}

interface StoredUpdate {
  user_uid: string;
  payment_method_cd: string;
  card_type: string | null;
  last_four_digits: string | null;
  subscription_id: string | null;
  retry_transaction_id: string | null;
  retry_status_cd: 'SUCC' | 'FAIL' | null;
}

async function answerOfStored(tx: Queryable, stored: StoredUpdate, replayed: boolean): Promise<PaymentMethodUpdate> {
  let renewal: PaymentMethodUpdate['Renewal'] = null;
  if (stored.subscription_id && stored.retry_transaction_id && stored.retry_status_cd) {
    const [sub] = await tx.query<{ status_cd: string }>(
      'select status_cd from subscriptions where subscription_id = $1',
      [stored.subscription_id],
    );
    renewal = {
      SubscriptionID: Number(stored.subscription_id),
      TransactionID: Number(stored.retry_transaction_id),
      Status: stored.retry_status_cd,
      SubscriptionStatusCD: sub?.status_cd ?? 'RTRY',
    };
  }
  return { Outcome: 'SAVED', PaymentMethod: toMethod(stored), Renewal: renewal, Replayed: replayed };
}

export async function updatePaymentMethod(
  db: Database,
  user: UserRow,
  body: UpdatePaymentMethodBody,
  now = new Date(),
): Promise<PaymentMethodUpdate> {
  return db.transaction(async (tx) => {
    // One update per person at a time: a double click waits for the first, then replays it.
    await tx.query('select 1 from users where user_uid = $1 for update', [user.user_uid]);
    return replayOrRun(
      tx,
      {
        find: () => storedUpdate(tx, body.session_guid),
        ownerOf: (stored) => stored.user_uid,
        userUid: user.user_uid,
        inUse: () => new ApiError(409, 'SESSION_GUID_IN_USE', 'This session belongs to another user.'),
        replay: (stored) => answerOfStored(tx, stored, true),
      },
      () => saveCard(tx, user, body, now),
    );
  });
}

async function storedUpdate(tx: Queryable, sessionGuid: string): Promise<StoredUpdate | undefined> {
  const [stored] = await tx.query<StoredUpdate>(
    `select user_uid, payment_method_cd, card_type, last_four_digits, subscription_id, retry_transaction_id, retry_status_cd
       from card_updates where session_guid = $1`,
    [sessionGuid],
  );
  return stored;
}

async function saveCard(
  tx: Queryable,
  user: UserRow,
  body: UpdatePaymentMethodBody,
  now: Date,
): Promise<PaymentMethodUpdate> {
  // A declined card is not kept, nor remembered: the same session may try another card.
  if (body.fail_payment)
    return {
      Outcome: 'DECLINED',
      PaymentMethod: await paymentMethodOf(tx, user.user_uid),
      Renewal: null,
      Replayed: false,
    };

  await tx.query(
    `insert into payment_methods (user_uid, payment_method_cd, card_type, last_four_digits) values ($1, $2, $3, $4)
     on conflict (user_uid) do update set payment_method_cd = excluded.payment_method_cd, card_type = excluded.card_type,
       last_four_digits = excluded.last_four_digits, updated_at = now()`,
    [user.user_uid, body.payment_method, body.card_type, body.last_four_digits],
  );
  const retry = await retryFailedRenewal(tx, user.user_uid, now);
  const record: StoredUpdate = {
    user_uid: user.user_uid,
    payment_method_cd: body.payment_method,
    card_type: body.card_type,
    last_four_digits: body.last_four_digits,
    subscription_id: retry ? String(retry.subscriptionId) : null,
    retry_transaction_id: retry ? String(retry.transactionId) : null,
    retry_status_cd: retry?.status ?? null,
  };
  await tx.query(
    `insert into card_updates (session_guid, user_uid, payment_method_cd, card_type, last_four_digits, subscription_id, retry_transaction_id, retry_status_cd)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      body.session_guid,
      user.user_uid,
      record.payment_method_cd,
      record.card_type,
      record.last_four_digits,
      record.subscription_id,
      record.retry_transaction_id,
      record.retry_status_cd,
    ],
  );
  return answerOfStored(tx, record, false);
}
