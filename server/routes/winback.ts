import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { requireSelf } from '../http/session';
import { winbackFacts as winbackFactsOf } from '../services/winback';
import { winbackFacts, winbackParam } from '../../src/api/schemas/winback';

export function winbackRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/:userId',
    contract({
      summary: 'Whether a person may be won back: standing, audience and days since the cancellation',
      auth: 'user',
      params: winbackParam,
      responses: { 200: winbackFacts },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const user = requireSelf(c, userId);
      return c.json(await winbackFactsOf(c.get('db'), user));
    },
  );

  return app;
}
