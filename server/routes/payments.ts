import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { forbidden, notFound } from '../http/errors';
import { checkSession, requireSelf, requireUser } from '../http/session';
import { cancelPendingPayment, completePayment, createPayment, payInUncheckedSession } from '../services/payments';
import { findTransaction, listTransactions, transactionOwner } from '../repositories/transactions';
import { findActivePlan } from '../repositories/subscriptions';
import { receiptPdf } from '../domain/receipt';
import { receiptContext } from '../repositories/sellers';
import { timeZoneFromCookies } from '../../src/server-drawn';
import type { Queryable } from '../db/database';
import { paymentMethodAnswerOf, updatePaymentMethod } from '../services/payment-methods';
import { uuid } from '../../src/api/schemas/common';
import {
  alreadySubscribed,
  billingUser,
  billingUserBody,
  cancelledPayment,
  completedPayment,
  createPaymentBody,
  freeFeatureProvided,
  freeReviewQuery,
  freeReviewResult,
  paymentMethodAnswer,
  paymentMethodUpdate,
  paymentResult,
  updatePaymentMethodBody,
  transaction,
  transactionPage,
  transactionsQuery,
  type AlreadySubscribed,
  type BillingUser,
  type FreeFeatureProvided,
  type FreeReviewResult,
  type PaymentResult,
} from '../../src/api/schemas/payments';
import { paymentSummary } from '../../src/api/schemas/answers';
import { ApiError } from '../http/errors';
import { idText } from '../../src/api/schemas/blocks';

const userParam = z.object({ userId: uuid });
const transactionParam = z.object({ userId: uuid, id: idText('bigint') });

/** The user's own transaction: another user's id is refused (403), an unknown one is not found (404). */
async function ownTransaction(db: Queryable, userUid: string, id: number, what: string) {
  const owner = await transactionOwner(db, id);
  if (owner && owner.toLowerCase() !== userUid.toLowerCase()) throw forbidden();
  const transaction = owner ? await findTransaction(db, userUid, id) : undefined;
  if (!transaction) throw notFound(what);
  return transaction;
}

export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    contract({
      summary: 'Pay for a plan',
      description:
        'Paying the same checkout session again answers the first outcome (Replayed) instead of paying twice.',
      auth: 'user',
      body: createPaymentBody,
      responses: { 200: paymentResult, 201: paymentResult },
      errors: [403, 404, 409],
      checksOwnSession: true,
    }),
    async (c) => {
      const body = c.req.valid('json');
      const answer = (result: PaymentResult) =>
        c.json(result, !result.Replayed && result.PaymentStatus === 'SUCC' ? 201 : 200);
      const sessionId = c.get('uncheckedSession');
      if (sessionId) {
        const paid = await payInUncheckedSession(c.get('db'), sessionId, body, c.get('skus').find);
        if (paid) return answer(paid);
        await checkSession(c);
      }
      const user = requireSelf(c, body.user_uid);
      return answer(await createPayment(c.get('db'), user, body, c.get('skus').find));
    },
  );

  app.post(
    '/billinguser',
    contract({
      summary: "Save a user's billing name and address",
      auth: 'user',
      body: billingUserBody,
      responses: { 200: billingUser },
      errors: [403],
    }),
    async (c) => {
      const body = c.req.valid('json');
      requireSelf(c, body.user_uid);
      await c.get('db').query(
        `insert into billing_users (user_uid, first_name, last_name, zip_code, country_cd) values ($1, $2, $3, $4, $5)
       on conflict (user_uid) do update set first_name = excluded.first_name, last_name = excluded.last_name,
         zip_code = excluded.zip_code, country_cd = excluded.country_cd, updated_at = now()`,
        [body.user_uid, body.first_name, body.last_name, body.zip_code ?? null, body.country_cd],
      );
      const answer: BillingUser = {
        UserUID: body.user_uid,
        FirstName: body.first_name,
        LastName: body.last_name,
        ZipCode: body.zip_code ?? null,
        CountryCD: body.country_cd,
      };
      return c.json(answer);
    },
  );

  app.get(
    '/:userId/paymentmethod',
    contract({
      summary: "A user's payment method on file, and billing name and address",
      auth: 'user',
      params: userParam,
      responses: { 200: paymentMethodAnswer },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      requireSelf(c, userId);
      return c.json(await paymentMethodAnswerOf(c.get('db'), userId));
    },
  );

  app.post(
    '/paymentmethod',
    contract({
      summary: 'Put a new card on file (change payment method)',
      description:
        'Stores the card without charging it; a declined card is not stored and the old one stays. For a suspended plan, or one whose renewal is in retry, the missed renewal is retried once with the new card. Repeating the same session guid answers the first result (Replayed).',
      auth: 'user',
      body: updatePaymentMethodBody,
      responses: { 200: paymentMethodUpdate },
      errors: [403, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      return c.json(await updatePaymentMethod(c.get('db'), user, body));
    },
  );

  app.post(
    '/free-resumereview',
    contract({
      summary: 'Claim a free resume review',
      auth: 'user',
      query: freeReviewQuery,
      responses: { 201: freeReviewResult },
      errors: [403, 409],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const answer = await c.get('db').transaction(async (tx): Promise<FreeReviewResult> => {
        const [record] = await tx.query<{ available_free: number }>(
          'select available_free from free_reviews where user_uid = $1 for update',
          [query.userUID],
        );
        if (!record || record.available_free < 1)
          throw new ApiError(409, 'NO_FREE_REVIEW', 'No free review is available for this account.');
        const [doc] = await tx.query<{ document_id: string }>(
          `select document_id from documents where user_uid = $1 and doc_type_cd = 'RSME' order by modified_on desc limit 1`,
          [query.userUID],
        );
        const [order] = await tx.query<{ order_id: string }>(
          `insert into review_orders (user_uid, document_id, product_cd, status_cd, is_free) values ($1, $2, $3, 'NOTSTARTED', true) returning order_id`,
          [query.userUID, doc?.document_id ?? null, query.productCD],
        );
        const [updated] = await tx.query<{ is_intake_filled: boolean; is_pending: boolean; available_free: number }>(
          `update free_reviews set available_free = available_free - 1, is_pending = true where user_uid = $1 returning is_intake_filled, is_pending, available_free`,
          [query.userUID],
        );
        return { OrderID: Number(order!.order_id), ...updated! };
      });
      return c.json(answer, 201);
    },
  );

  app.get(
    '/alreadysubscribeduser',
    contract({
      summary: 'Whether the signed-in user already has an active plan',
      auth: 'user',
      responses: { 200: alreadySubscribed },
    }),
    async (c) => {
      const user = requireUser(c);
      const row = await findActivePlan(c.get('db'), user.user_uid);
      const answer: AlreadySubscribed = {
        IsAlreadySubscribed: Boolean(row),
        SubscriptionID: row ? Number(row.subscription_id) : null,
        SubscriptionStatusCD: row?.status_cd ?? null,
      };
      return c.json(answer);
    },
  );

  app.get(
    '/:userId/transactions',
    contract({
      summary: "A user's billing history, newest first",
      description: 'startDate must not be after endDate (a day alone counts whole).',
      auth: 'user',
      params: userParam,
      query: transactionsQuery,
      responses: { 200: transactionPage },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      requireSelf(c, userId);
      const query = c.req.valid('query');
      return c.json(await listTransactions(c.get('db'), userId, query));
    },
  );

  app.get(
    '/:userId/freefeatureprovided',
    contract({
      summary: 'The free features a user was given',
      auth: 'user',
      params: userParam,
      responses: { 200: freeFeatureProvided },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      requireSelf(c, userId);
      const rows = await c
        .get('db')
        .query<{ order_id: string; product_cd: string; created_at: Date }>(
          'select order_id, product_cd, created_at from review_orders where user_uid = $1 and is_free order by created_at',
          [userId],
        );
      const [record] = await c
        .get('db')
        .query<{ is_intake_filled: boolean; is_pending: boolean; available_free: number }>(
          'select is_intake_filled, is_pending, available_free from free_reviews where user_uid = $1',
          [userId],
        );
      const answer: FreeFeatureProvided = {
        FreeFeatureProvided: rows.length > 0,
        Features: rows.map((r) => ({
          productCD: r.product_cd,
          orderID: Number(r.order_id),
          createdAt: new Date(r.created_at).toISOString(),
        })),
        FreeReview: record
          ? {
              is_intake_filled: record.is_intake_filled,
              is_pending: record.is_pending,
              available_free: Number(record.available_free),
            }
          : null,
      };
      return c.json(answer);
    },
  );

  app.get(
    '/:userId/payment/:id',
    contract({
      summary: 'One payment of a user, in short',
      auth: 'user',
      params: transactionParam,
      responses: { 200: paymentSummary },
      errors: [403, 404],
    }),
    async (c) => {
      const { userId, id } = c.req.valid('param');
      requireSelf(c, userId);
      const transaction = await ownTransaction(c.get('db'), userId, id, 'The payment');
      return c.json({
        PaymentID: transaction.transaction_id,
        PaymentMethodCD: transaction.payment_method_cd,
        CardType: transaction.card_type,
        LastFourDigits: transaction.last_four_digits,
        Amount: transaction.price,
        CurrencyCD: transaction.currency_cd,
        Status: transaction.status_cd,
        CreatedAt: transaction.created_at,
      });
    },
  );

  app.get(
    '/:userId/:id/detail',
    contract({
      summary: 'One transaction of a user, in full',
      auth: 'user',
      params: transactionParam,
      responses: { 200: transaction },
      errors: [403, 404],
    }),
    async (c) => {
      const { userId, id } = c.req.valid('param');
      requireSelf(c, userId);
      return c.json(await ownTransaction(c.get('db'), userId, id, 'The transaction'));
    },
  );

  app.get(
    '/:userId/transactions/:id/receipt',
    contract({
      summary: 'The receipt of one transaction of a user, as a PDF',
      description:
        "Laid out from the stored transaction and its market's seller (name, address, tax rate, paper size), in the user's culture; the date is in the time zone of the `tz` cookie, else UTC. Another user's transaction is refused.",
      auth: 'user',
      params: transactionParam,
      responses: {
        200: {
          description: 'The receipt, as an attachment',
          content: { 'application/pdf': null },
          headers: { 'Content-Disposition': 'The file name.' },
        },
      },
      errors: [403, 404],
    }),
    async (c) => {
      const { userId, id } = c.req.valid('param');
      const user = requireSelf(c, userId);
      const transaction = await ownTransaction(c.get('db'), userId, id, 'The transaction');
      const context = await receiptContext(c.get('db'), transaction.transaction_id);
      if (!context) throw notFound('The seller of this transaction');
      const pdf = await receiptPdf({
        transaction,
        customer: { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email_address },
        culture: user.culture_cd,
        seller: context.seller,
        orderNumber: context.orderNumber,
        timeZone: timeZoneFromCookies(c.req.header('cookie')),
      });
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="receipt-${transaction.transaction_id}.pdf"`,
      });
    },
  );

  return app;
}

/** v2: settling a payment that was left pending (alternative methods approve or cancel it elsewhere). */
export function paymentV2Routes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/:userId/transactions/:id/complete',
    contract({
      summary: 'Confirm a pending payment the user approved',
      auth: 'user',
      params: transactionParam,
      responses: { 200: completedPayment },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { userId, id } = c.req.valid('param');
      requireSelf(c, userId);
      const result = await completePayment(c.get('db'), userId, id);
      if (!result) throw notFound('The transaction');
      return c.json(result);
    },
  );
  app.post(
    '/:userId/transactions/:id/cancel',
    contract({
      summary: 'Void a pending payment the user turned down',
      auth: 'user',
      params: transactionParam,
      responses: { 200: cancelledPayment },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { userId, id } = c.req.valid('param');
      requireSelf(c, userId);
      const result = await cancelPendingPayment(c.get('db'), userId, id);
      if (!result) throw notFound('The transaction');
      return c.json(result);
    },
  );
  return app;
}
