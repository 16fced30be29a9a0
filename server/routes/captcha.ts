import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { enforceRateLimit } from '../http/rate-limit';
import { issueChallenge } from '../services/captcha';

/** Each challenge costs a key derivation: enough for several tries per form, not for a flood. */
const challengeLimit = (limit: number) => ({ name: 'captcha-challenge', limit, windowSeconds: 600 });

/** GET captcha/challenge: the ALTCHA widget's challenge URL. Open to everyone (rate-limited), never cached. */
export function captchaRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/challenge', async (c) => {
    await enforceRateLimit(c, challengeLimit(c.var.config.rateLimits.captchaChallenge));
    return c.json(await issueChallenge(c.var.db, c.var.config.captcha));
  });
  return app;
}
