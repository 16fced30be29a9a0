import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { requireSelf } from '../http/session';
import { readIntake, submitIntake } from '../services/service-intakes';
import { intakeBody, intakeQuery, intakeState, intakeUserParam } from '../../src/api/schemas/services';

/** The intakes of the services a person bought (resume review, tune-up, resume writing, cover-letter writing). */
export function serviceRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/:userId/intake',
    contract({
      summary: "A user's intake for a service: the order it is for and the answers given",
      description:
        'Without an orderid, the latest order of the service still waiting for its answers, else the latest answered; Status notPurchased when there is none.',
      auth: 'user',
      params: intakeUserParam,
      query: intakeQuery,
      responses: { 200: intakeState },
      errors: [403, 404],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const user = requireSelf(c, userId);
      const query = c.req.valid('query');
      return c.json(await readIntake(c.get('db'), user, query.service, query.orderid));
    },
  );

  app.post(
    '/:userId/intake',
    contract({
      summary: "Store a user's answers to a service's intake",
      description:
        'One intake per order: sending again answers the first answers (200) and changes nothing. A resume review intake puts the review in progress.',
      auth: 'user',
      params: intakeUserParam,
      body: intakeBody,
      responses: { 200: intakeState, 201: intakeState },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const user = requireSelf(c, userId);
      const { state, created } = await submitIntake(c.get('db'), user, c.req.valid('json'));
      return c.json(state, created ? 201 : 200);
    },
  );

  return app;
}
