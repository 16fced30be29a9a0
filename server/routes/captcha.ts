import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { issueChallenge } from '../services/captcha';

/** GET captcha/challenge: the ALTCHA widget's challenge URL. Open to everyone, never cached. */
export function captchaRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/challenge', async (c) => c.json(await issueChallenge(c.var.db, c.var.config.captcha)));
  return app;
}
