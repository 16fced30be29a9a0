import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../http/env';
import { forbidden, notFound } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limit';
import { requireSelf, requireUser } from '../http/session';
import { readJson, readParams, readQuery } from '../http/validate';
import { findSubscription, listSubscriptions, toSubscription } from '../repositories/subscriptions';
import { verifyCaptcha } from '../services/captcha';
import { cancelSubscription, receiveCancellationRequest } from '../services/cancellation';
import { toAmount } from '../domain/money';
import { idText } from '../../src/api/schemas/blocks';
import {
  cancelBody,
  cancellationRequestBody,
  subscriptionsQuery,
  surveyBody,
  type SubscriptionDetails,
  type SubscriptionList,
} from '../../src/api/schemas/subscriptions';

const idParam = z.object({ id: idText('bigint') });

export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, subscriptionsQuery);
    requireSelf(c, query.userUID);
    const rows = await listSubscriptions(c.var.db, query.userUID, query.isCurrentOnly);
    const answer: SubscriptionList = { Subscriptions: (query.isCurrentOnly ? rows.slice(0, 1) : rows).map((r) => toSubscription(r)) };
    return c.json(answer);
  });

  app.post('/cancelv2', async (c) => {
    const body = await readJson(c, cancelBody);
    const user = requireSelf(c, body.user_uid);
    return c.json(await cancelSubscription(c.var.db, user, body.subscription_id));
  });

  app.post('/survey', async (c) => {
    const body = await readJson(c, surveyBody);
    const user = requireSelf(c, body.user_uid);
    if (body.subscription_id !== undefined) {
      const sub = await findSubscription(c.var.db, body.subscription_id);
      if (!sub) throw notFound('The subscription');
      if (sub.user_uid !== user.user_uid) throw forbidden();
    }
    const [row] = await c.var.db.query<{ id: string }>(
      'insert into survey_answers (user_uid, subscription_id, reason_cd, reason_text, flow_type) values ($1, $2, $3, $4, $5) returning id',
      [user.user_uid, body.subscription_id ?? null, body.reason_cd, body.reason_text ?? null, body.flow_type],
    );
    return c.json({ SurveyID: Number(row!.id), reason_cd: body.reason_cd }, 201);
  });

  return app;
}

const cancellationRequestLimit = (limit: number) => ({ name: 'cancellation-request', limit, windowSeconds: 600 });

export function subscriptionV2Routes() {
  const app = new Hono<AppEnv>();

  /** The logged-out cancellation request: open to everyone, so it is rate-limited per client. */
  app.post('/cancel', async (c) => {
    await enforceRateLimit(c, cancellationRequestLimit(c.var.config.rateLimits.cancellationRequest));
    const body = await readJson(c, cancellationRequestBody);
    // Checked before anything is stored; used up in the transaction that stores the request.
    const captcha = await verifyCaptcha(c.var.db, c.var.config.captcha, body.captcha);
    return c.json(await receiveCancellationRequest(c.var.db, body, captcha), 201);
  });

  app.get('/:id/details', async (c) => {
    const { id } = readParams(c, idParam);
    const user = requireUser(c);
    const sub = await findSubscription(c.var.db, id);
    if (!sub) throw notFound('The subscription');
    if (sub.user_uid !== user.user_uid) throw forbidden();
    const transactions = await c.var.db.query<{ transaction_id: string; transaction_type: string; price: string; created_at: Date }>(
      `select transaction_id, transaction_type, price, created_at from transactions where subscription_id = $1 and status_cd <> 'FAIL' order by created_at desc`,
      [id],
    );
    const [survey] = await c.var.db.query('select 1 from survey_answers where subscription_id = $1 limit 1', [id]);
    const answer: SubscriptionDetails = {
      ...toSubscription(sub),
      Transactions: transactions.map((t) => ({ transaction_id: Number(t.transaction_id), transaction_type: t.transaction_type, price: toAmount(t.price), created_at: new Date(t.created_at).toISOString() })),
      SurveyAnswered: Boolean(survey),
    };
    return c.json(answer);
  });

  return app;
}
