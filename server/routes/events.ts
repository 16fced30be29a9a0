import { Hono, type Context } from 'hono';
import { LARGEST_BODY_LIMIT } from '../http/body-limit';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { findSubscription } from '../repositories/subscriptions';
import {
  accepted,
  CANCELLATION_REPORT_EVENT,
  cancelledEventBody,
  errorLogBody,
  eventBody,
} from '../../src/api/schemas/events';
import { EMPTY_GUID } from '../../src/api/schemas/common';

const guestTelemetryLimit = (limit: number) => ({ name: 'guest-telemetry', limit, windowSeconds: 60 });
const limitGuests = (c: Context<AppEnv>) =>
  c.get('user') ? undefined : guestTelemetryLimit(c.get('config').rateLimits.guestTelemetry);

/** A signed-in user reports as themselves; a guest only as the anonymous id or a visitor id. */
function checkReporter(signedInUid: string | undefined, reportedId: string) {
  if (
    signedInUid
      ? reportedId.toLowerCase() !== signedInUid.toLowerCase()
      : /^[0-9a-f-]{36}$/i.test(reportedId) && reportedId !== EMPTY_GUID
  ) {
    throw forbidden();
  }
}

export function eventRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    contract({
      summary: 'Record an analytics event',
      auth: 'guest',
      rateLimit: limitGuests,
      body: eventBody,
      responses: { 202: accepted },
      errors: [403],
    }),
    async (c) => {
      const body = c.req.valid('json');
      checkReporter(c.get('user')?.user_uid, body.user_id);
      const [row] = await c
        .get('db')
        .query<{ id: string }>(
          'insert into events (user_id, event_name, identify, props) values ($1, $2, $3, $4) returning id',
          [body.user_id, body.event_name, body.identify, JSON.stringify(body.props)],
        );
      return c.json({ id: Number(row!.id) }, 202);
    },
  );

  app.post(
    '/subscription/cancelled',
    contract({
      summary: 'Record that a user cancelled a subscription on the web',
      auth: 'user',
      body: cancelledEventBody,
      responses: { 202: accepted },
      errors: [403, 404],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      if (!user) throw unauthorized();
      checkReporter(user.user_uid, body.user_id);
      const sub = await findSubscription(c.get('db'), body.subscription_id);
      if (!sub) throw notFound('The subscription');
      if (sub.user_uid !== user.user_uid) throw forbidden();
      const [row] = await c
        .get('db')
        .query<{ id: string }>(`insert into events (user_id, event_name, props) values ($1, $2, $3) returning id`, [
          body.user_id,
          CANCELLATION_REPORT_EVENT,
          JSON.stringify({ ...body.props, subscription_id: body.subscription_id }),
        ]);
      return c.json({ id: Number(row!.id) }, 202);
    },
  );

  return app;
}

export function logRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    contract({
      summary: "Report an error from a person's browser",
      auth: 'guest',
      rateLimit: limitGuests,
      body: errorLogBody,
      // Up to about 24,000 characters of fields, escaped and multi-byte.
      bodyLimit: LARGEST_BODY_LIMIT,
      responses: { 202: accepted },
      errors: [403],
    }),
    async (c) => {
      const body = c.req.valid('json');
      // An error report may be anonymous, but it may not name another user's account.
      const reported = body.UserUID?.trim() ?? '';
      if (
        /^[0-9a-f-]{36}$/i.test(reported) &&
        reported !== EMPTY_GUID &&
        reported.toLowerCase() !== c.get('user')?.user_uid.toLowerCase()
      )
        throw forbidden();
      const [row] = await c.get('db').query<{ id: string }>(
        `insert into error_logs (current_url, referrer_url, user_uid, portal_id, error_type, method_name, error_message, device, raw_request)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          body.CurrentURL,
          body.ReferrerURL ?? null,
          c.get('user')?.user_uid ?? body.UserUID ?? null,
          body.PortalID ?? null,
          body.ErrorType,
          body.MethodName,
          body.ErrorMessage,
          body.Device ?? null,
          body.RawRequest ?? null,
        ],
      );
      return c.json({ id: Number(row!.id) }, 202);
    },
  );
  return app;
}
