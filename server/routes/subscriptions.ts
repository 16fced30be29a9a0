import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { forbidden, notFound } from '../http/errors';
import { requireSelf, requireUser } from '../http/session';
import { findSubscription, listSubscriptions, toSubscription } from '../repositories/subscriptions';
import { verifyCaptcha } from '../services/captcha';
import { cancelSubscription, receiveCancellationRequest, storeSurveyAnswer } from '../services/cancellation';
import { pauseSubscription, redeemSaveOffer, resumeSubscription } from '../services/save-offers';
import { toAmount } from '../domain/money';
import { idText } from '../../src/api/schemas/blocks';
import {
  cancelBody,
  cancellationData,
  cancellationReceipt,
  cancellationRequestBody,
  pauseBody,
  pauseResult,
  resumeBody,
  resumeResult,
  saveOfferBody,
  saveOfferResult,
  subscriptionDetails,
  subscriptionList,
  subscriptionsQuery,
  surveyBody,
  surveyResult,
  type SubscriptionDetails,
  type SubscriptionList,
} from '../../src/api/schemas/subscriptions';

const idParam = z.object({ id: idText('bigint') });

export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    contract({
      summary: "A user's subscriptions, or only the current one",
      auth: 'user',
      query: subscriptionsQuery,
      responses: { 200: subscriptionList },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const rows = await listSubscriptions(c.get('db'), query.userUID, query.isCurrentOnly);
      const answer: SubscriptionList = {
        Subscriptions: (query.isCurrentOnly ? rows.slice(0, 1) : rows).map((r) => toSubscription(r)),
      };
      return c.json(answer);
    },
  );

  app.post(
    '/cancelv2',
    contract({
      summary: "Cancel a user's subscription",
      auth: 'user',
      body: cancelBody,
      responses: { 200: cancellationData },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      return c.json(await cancelSubscription(c.get('db'), user, body.subscription_id));
    },
  );

  app.post(
    '/survey',
    contract({
      summary: 'Answer the cancellation survey',
      auth: 'user',
      body: surveyBody,
      responses: { 201: surveyResult },
      errors: [403, 404],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      if (body.subscription_id !== undefined) {
        const sub = await findSubscription(c.get('db'), body.subscription_id);
        if (!sub) throw notFound('The subscription');
        if (sub.user_uid !== user.user_uid) throw forbidden();
      }
      const surveyId = await storeSurveyAnswer(c.get('db'), user.user_uid, body);
      return c.json({ SurveyID: surveyId, reason_cd: body.reason_cd }, 201);
    },
  );

  app.post(
    '/saveoffer',
    contract({
      summary: 'Keep a subscription with a save offer instead of cancelling',
      description:
        'One save offer per subscription in 12 months. Asking again for the offer already taken answers the first result.',
      auth: 'user',
      body: saveOfferBody,
      responses: { 200: saveOfferResult },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      return c.json(await redeemSaveOffer(c.get('db'), user, body.subscription_id, body.offer_id));
    },
  );

  app.post(
    '/pause',
    contract({
      summary: 'Pause a subscription for 1 to 3 months instead of cancelling',
      description:
        'The pause starts at the end of the paid period; billing resumes by itself when it ends. The same pause asked again answers it again.',
      auth: 'user',
      body: pauseBody,
      responses: { 200: pauseResult },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      return c.json(await pauseSubscription(c.get('db'), user, body.subscription_id, body.months));
    },
  );

  app.post(
    '/resume',
    contract({
      summary: "End a subscription's pause",
      auth: 'user',
      body: resumeBody,
      responses: { 200: resumeResult },
      errors: [403, 404],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      return c.json(await resumeSubscription(c.get('db'), user, body.subscription_id));
    },
  );

  return app;
}

const cancellationRequestLimit = (limit: number) => ({ name: 'cancellation-request', limit, windowSeconds: 600 });

export function subscriptionV2Routes() {
  const app = new Hono<AppEnv>();

  /** The logged-out cancellation request: open to everyone, so it is rate-limited per client. */
  app.post(
    '/cancel',
    contract({
      summary: 'Request a cancellation without signing in',
      description:
        'Needs a solved captcha. The answer is the same whether or not the e-mail address and account id match an account.',
      auth: 'guest',
      rateLimit: (c) => cancellationRequestLimit(c.get('config').rateLimits.cancellationRequest),
      body: cancellationRequestBody,
      responses: { 201: cancellationReceipt },
    }),
    async (c) => {
      const body = c.req.valid('json');
      // Checked before anything is stored; used up in the transaction that stores the request.
      const captcha = await verifyCaptcha(c.get('db'), c.get('config').captcha, body.captcha);
      return c.json(await receiveCancellationRequest(c.get('db'), body, captcha), 201);
    },
  );

  app.get(
    '/:id/details',
    contract({
      summary: 'One subscription with its transactions',
      auth: 'user',
      params: idParam,
      responses: { 200: subscriptionDetails },
      errors: [403, 404],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = requireUser(c);
      const sub = await findSubscription(c.get('db'), id);
      if (!sub) throw notFound('The subscription');
      if (sub.user_uid !== user.user_uid) throw forbidden();
      const transactions = await c
        .get('db')
        .query<{ transaction_id: string; transaction_type: string; price: string; created_at: Date }>(
          `select transaction_id, transaction_type, price, created_at from transactions where subscription_id = $1 and status_cd <> 'FAIL' order by created_at desc`,
          [id],
        );
      const [survey] = await c.get('db').query('select 1 from survey_answers where subscription_id = $1 limit 1', [id]);
      const answer: SubscriptionDetails = {
        ...toSubscription(sub),
        Transactions: transactions.map((t) => ({
          transaction_id: Number(t.transaction_id),
          transaction_type: t.transaction_type,
          price: toAmount(t.price),
          created_at: new Date(t.created_at).toISOString(),
        })),
        SurveyAnswered: Boolean(survey),
      };
      return c.json(answer);
    },
  );

  return app;
}
