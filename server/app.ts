import { Hono } from 'hono';
import type { ServerConfig } from './config';
import { contract, redirect } from './http/contract';
import type { Database } from './db/database';
import type { AppEnv } from './http/env';
import { ApiError, errorResponse } from './http/errors';
import { redactPersonalData } from './http/log-redaction';
import { createReadCache } from './http/read-cache';
import { checkOrigin } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { createSessionCache } from './http/session-cache';
import { loadSession } from './http/session';
import { staticApp } from './http/static-app';
import { openApiRoutes } from './openapi/routes';
import { captchaRoutes } from './routes/captcha';
import { configRoutes } from './routes/config';
import { dashboardRoutes } from './routes/dashboard';
import { demoRoutes } from './routes/demo';
import { documentRoutes } from './routes/documents';
import { eventRoutes, logRoutes } from './routes/events';
import { jobRoutes } from './routes/jobs';
import { pageRoutes, pageV2Routes } from './routes/pages';
import { paymentRoutes, paymentV2Routes } from './routes/payments';
import { SANDBOX_PATH, sandboxRoutes } from './routes/sandbox';
import { skuRoutes } from './routes/skus';
import { subscriptionRoutes, subscriptionV2Routes } from './routes/subscriptions';
import { userRoutes } from './routes/users';
import { health } from '../src/api/schemas/answers';

export interface AppDeps {
  db: Database;
  config: ServerConfig;
  /** Gets each request-log line with e-mail addresses, ids and tokens masked. */
  log?: (line: string) => void;
}

export function createApp({ db, config, log: sink }: AppDeps) {
  const app = new Hono<AppEnv>();
  const log = sink && ((line: string) => sink(redactPersonalData(line)));
  const cache = createReadCache();
  // Any write to what a session lookup reads, by any code in this process, drops the copies;
  // a database that cannot report its writes gets no session cache at all.
  const sessions = createSessionCache(db.onWrite ? config.sessionCacheMs : 0);
  db.onWrite?.((tables) => {
    if (tables.has('sessions') || tables.has('users') || tables.has('portals')) sessions.clear();
  });

  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('cache', cache);
    c.set('sessions', sessions);
    const started = performance.now();
    await next();
    // Paths only: query strings can carry e-mail addresses and ids, which stay out of logs.
    log?.(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });
  app.use('*', securityHeaders);
  app.use('*', loadSession);

  const api = new Hono<AppEnv>();
  api.use('*', checkOrigin);
  api.use('*', async (c, next) => {
    await next();
    // On the answer in place, as securityHeaders does: c.header() after next() copies the answer
    // into a new Response, which @hono/node-server then streams instead of writing it at once.
    c.res.headers.set('Cache-Control', 'no-store');
  });
  api.route('/users', userRoutes());
  api.route('/demo', demoRoutes());
  api.route('/skus', skuRoutes());
  api.route('/payments', paymentRoutes());
  api.route('/v2/payments', paymentV2Routes());
  api.route('/subscriptions', subscriptionRoutes());
  api.route('/v2/subscriptions', subscriptionV2Routes());
  api.route('/documents', documentRoutes());
  api.route('/pages', pageRoutes());
  api.route('/v2/pages', pageV2Routes());
  api.route('/config', configRoutes());
  api.route('/captcha', captchaRoutes());
  api.route('/events', eventRoutes());
  api.route('/log', logRoutes());
  api.route('/jobs', jobRoutes());
  api.route('/', openApiRoutes(() => app.routes));
  api.get('/health', contract({ summary: 'Whether the server and its database answer', auth: 'guest', responses: { 200: health } }), async (c) => {
    await c.var.db.query('select 1');
    return c.json({ ok: true, database: c.var.db.kind });
  });
  api.notFound(() => {
    throw new ApiError(404, 'NOT_FOUND', 'There is no such API call.');
  });

  app.route(config.apiBase || '/', api);
  app.route(SANDBOX_PATH, sandboxRoutes());
  if (config.dashboardUrl.startsWith('/')) app.route(config.dashboardUrl, dashboardRoutes());
  app.get('/', contract({ summary: 'The way in: on to the sell page', tags: ['app'], auth: 'guest', responses: { 302: redirect('To the sell page') } }), (c) => c.redirect(`${config.appBase}/pricing`, 302));
  app.get(config.appBase, contract({ summary: "The app's base path", tags: ['app'], auth: 'guest', responses: { 301: redirect('To the same path with a trailing slash') } }), (c) => c.redirect(`${config.appBase}/`, 301));
  app.route(config.appBase, staticApp(config.distDir, { apiBase: config.apiBase, dashboardUrl: config.dashboardUrl, appBase: config.appBase }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    log?.(`error ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(c, new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
  app.notFound((c) => errorResponse(c, new ApiError(404, 'NOT_FOUND', 'Nothing is here.')));
  return app;
}
