import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { requireSelf } from '../http/session';
import { createAddOnPayment } from '../services/upsell-payments';
import { addOnPaymentBody, addOnPaymentResult } from '../../src/api/schemas/upsell';

/** POST payments/addon: the upsell sequence's one-click add-on. */
export function upsellPaymentRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    contract({
      summary: 'Add an add-on to an order, on its payment method',
      description:
        'One charge per idempotency key (session_guid): a repeat answers the first result (Replayed). The order must be a paid plan of the signed-in user, and the SKU an add-on not yet owned.',
      auth: 'user',
      body: addOnPaymentBody,
      responses: { 200: addOnPaymentResult, 201: addOnPaymentResult },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      const result = await createAddOnPayment(c.get('db'), user, body);
      return c.json(result, !result.Replayed && result.PaymentStatus === 'SUCC' ? 201 : 200);
    },
  );
  return app;
}
