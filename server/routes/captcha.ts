import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { issueChallenge } from '../services/captcha';
import { captchaChallenge } from '../../src/api/schemas/captcha';

/** Each challenge costs a key derivation: enough for several tries per form, not for a flood. */
const challengeLimit = (limit: number) => ({ name: 'captcha-challenge', limit, windowSeconds: 600 });

/** GET captcha/challenge: the ALTCHA widget's challenge URL. Open to everyone (rate-limited), never cached. */
export function captchaRoutes() {
  const app = new Hono<AppEnv>();
  app.get(
    '/challenge',
    contract({
      summary: 'A new signed captcha challenge',
      auth: 'guest',
      rateLimit: (c) => challengeLimit(c.get('config').rateLimits.captchaChallenge),
      responses: { 200: captchaChallenge },
    }),
    async (c) => {
      return c.json(await issueChallenge(c.get('db'), c.get('config').captcha));
    },
  );
  return app;
}
