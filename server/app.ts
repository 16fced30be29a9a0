import { Hono } from 'hono';
import type { ServerConfig } from './config';
import { contract, redirect, routesCheckingOwnSession } from './http/contract';
import type { Database } from './db/database';
import { databaseAnswers } from './db/ping';
import { isDatabaseUnavailable } from './db/unavailable';
import { databaseUnavailableResponse } from './http/database-unavailable';
import type { AppEnv } from './http/env';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LARGEST_BODY_LIMIT, limitBody } from './http/body-limit';
import { ApiError, errorResponse, internalError, isRefusedValue } from './http/errors';
import { createLogger, describeError, newRequestId, requestFields, type LogSink } from './http/logger';
import { createReadCache } from './http/read-cache';
import { checkOrigin } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { createSessionCache } from './http/session-cache';
import { createSkuCatalogue } from './repositories/sku-catalogue';
import { loadSession } from './http/session';
import { faviconRoutes, staticApp } from './http/static-app';
import { FLOWS_PAGE_PATH, flowsApiAccess } from './http/flows-access';
import { flowsPageRoutes } from './routes/flows-page';
import { openApiRoutes } from './openapi/routes';
import { captchaRoutes } from './routes/captcha';
import { configRoutes } from './routes/config';
import { dashboardRoutes } from './routes/dashboard';
import { builderRoutes } from './routes/builder';
import { demoRoutes } from './routes/demo';
import { documentRoutes } from './routes/documents';
import { eventRoutes, logRoutes } from './routes/events';
import { flowRoutes } from './routes/flows';
import { serviceRoutes } from './routes/services';
import { winbackRoutes } from './routes/winback';
import { jobRoutes } from './routes/jobs';
import { pageRoutes, pageV2Routes } from './routes/pages';
import { paymentRoutes, paymentV2Routes } from './routes/payments';
import { upsellPaymentRoutes } from './routes/upsell-payments';
import { upsellSurveyRoutes } from './routes/upsell-survey';
import { SANDBOX_PATH, sandboxRoutes } from './routes/sandbox';
import { skuRoutes } from './routes/skus';
import { flowsSimulatorRoutes } from './routes/flows-simulator';
import { subscriptionRoutes, subscriptionV2Routes } from './routes/subscriptions';
import { userRoutes } from './routes/users';
import { health, healthDown } from '../src/api/schemas/answers';

export interface AppDeps {
  db: Database;
  config: ServerConfig;
  /** Gets each log line: one JSON object, with e-mail addresses, ids and tokens masked. */
  log?: LogSink;
  /** Called with every unexpected error (a 500) besides logging it; the test suites fail on one. */
  onUnexpectedError?: (error: unknown, request: { method: string; path: string }) => void;
}

export function createApp({ db, config, log: sink, onUnexpectedError }: AppDeps) {
  const app = new Hono<AppEnv>();
  const logger = createLogger(sink, config.logLevel);
  const cache = createReadCache();
  // Any write to what a session lookup reads, by any code in this process, drops the copies;
  // a database that cannot report its writes gets no session cache at all.
  const sessions = createSessionCache(db.onWrite ? config.sessionCacheMs : 0);
  const skus = createSkuCatalogue(db);
  db.onWrite?.((tables) => {
    if (tables.has('sessions') || tables.has('users') || tables.has('portals')) sessions.clear();
  });

  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('cache', cache);
    c.set('sessions', sessions);
    c.set('skus', skus);
    c.set('requestId', newRequestId());
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    // The path only: query strings can carry e-mail addresses and ids, which stay out of logs.
    if (logger.isLevelEnabled('info'))
      logger.info(
        { ...requestFields(c), status: c.res.status, ms: Number((performance.now() - started).toFixed(1)) },
        'request',
      );
  });
  app.use('*', limitBody(LARGEST_BODY_LIMIT));
  app.use('*', securityHeaders);
  // Read from the routes' contracts at the first request, when every route has been added.
  let ownSessionRoutes: Set<string> | undefined;
  app.use(
    '*',
    loadSession((c) =>
      (ownSessionRoutes ??= routesCheckingOwnSession(app.routes)).has(`${c.req.method} ${c.req.path}`),
    ),
  );

  const api = new Hono<AppEnv>();
  api.use('*', checkOrigin);
  // The flow explorer's reads and simulator: off in production unless FLOWS_EXPLORER=1, and behind FLOWS_TOKEN when set.
  api.use('*', flowsApiAccess);
  api.use('*', async (c, next) => {
    await next();
    // On the answer in place, as securityHeaders does: c.header() after next() copies the answer
    // into a new Response, which @hono/node-server then streams instead of writing it at once.
    c.res.headers.set('Cache-Control', 'no-store');
  });
  api.route('/users', userRoutes());
  api.route('/demo', demoRoutes());
  api.route('/skus', skuRoutes());
  api.route('/payments/addon', upsellPaymentRoutes());
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
  api.route('/flows', flowRoutes());
  api.route('/jobs', jobRoutes());
  api.route('/services', serviceRoutes());
  api.route('/winback', winbackRoutes());
  api.route('/upsell/survey', upsellSurveyRoutes());
  api.route(
    '/flows/simulate',
    flowsSimulatorRoutes((request) => app.fetch(request)),
  );
  api.route(
    '/',
    openApiRoutes(() => app.routes),
  );
  api.get(
    '/health',
    contract({
      summary: 'Whether this process can serve: it answers, and so does its database',
      auth: 'guest',
      responses: { 200: health, 503: healthDown },
    }),
    async (c) => {
      if (!(await databaseAnswers(c.get('db'), c.get('config').database.healthTimeoutMs)))
        return databaseUnavailableResponse(c, { database: 'down' });
      return c.json({ ok: true, database: 'up', kind: c.get('db').kind });
    },
  );
  api.notFound(() => {
    throw new ApiError(404, 'NOT_FOUND', 'There is no such API call.');
  });

  app.route(config.apiBase || '/', api);
  app.route(SANDBOX_PATH, sandboxRoutes());
  if (config.dashboardUrl.startsWith('/')) {
    app.route(config.dashboardUrl, dashboardRoutes());
    // The builder's edit pages stand beside the dashboard they belong to.
    app.route('/', builderRoutes());
  }
  app.route(FLOWS_PAGE_PATH, flowsPageRoutes(config.distDir));
  app.route('/', faviconRoutes(config.distDir));
  app.get(
    '/',
    contract({
      summary: 'The way in: on to the sell page',
      tags: ['app'],
      auth: 'guest',
      responses: { 302: redirect('To the sell page') },
    }),
    (c) => c.redirect(`${config.appBase}/pricing`, 302),
  );
  app.get(
    config.appBase,
    contract({
      summary: "The app's base path",
      tags: ['app'],
      auth: 'guest',
      responses: { 301: redirect('To the same path with a trailing slash') },
    }),
    (c) => c.redirect(`${config.appBase}/`, 301),
  );
  app.route(
    config.appBase,
    staticApp(config.distDir, { apiBase: config.apiBase, dashboardUrl: config.dashboardUrl, appBase: config.appBase }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(c);
    if (error instanceof HTTPException)
      return errorResponse(
        c,
        new ApiError(error.status as ContentfulStatusCode, 'BAD_REQUEST', 'The request could not be read.'),
      );
    if (isRefusedValue(error)) {
      logger.warn(
        { ...requestFields(c), err: describeError(error) },
        'the database refused a value the schema let through',
      );
      return errorResponse(c, new ApiError(400, 'VALIDATION_FAILED', 'The request has a value that cannot be stored.'));
    }
    logger.error({ ...requestFields(c), err: describeError(error) }, 'unexpected error');
    onUnexpectedError?.(error, { method: c.req.method, path: c.req.path });
    return errorResponse(c, internalError(), c.get('requestId'));
  });
  app.notFound((c) => errorResponse(c, new ApiError(404, 'NOT_FOUND', 'Nothing is here.')));
  return app;
}
