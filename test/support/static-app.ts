import { Hono } from 'hono';
import type { AppEnv } from '../../server/http/env';
import { staticApp } from '../../server/http/static-app';

/** The built front end in `dist`, served under /payment as the server mounts it, with the given runtime configuration. */
export function mountStaticApp(dist: string, runtimeConfig: Record<string, unknown>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', { appBase: '/payment' } as never);
    await next();
  });
  app.route('/payment', staticApp(dist, runtimeConfig));
  return app;
}
