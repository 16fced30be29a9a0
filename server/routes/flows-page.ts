import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { contract, redirect } from '../http/contract';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { flowsPageAccess } from '../http/flows-access';

const COVERAGE_FILE = new URL('../../visualizations/coverage.json', import.meta.url);

/**
 * The flow explorer's page (dist/flows.html, its own Vite build) at /flows, with where the API is
 * written into its meta tag, and the path-coverage report it overlays on the graphs. Both are
 * behind flowsPageAccess: off in production unless FLOWS_EXPLORER=1, and the token when one is set.
 */
export function flowsPageRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  let html: string | null = null;
  const pageHtml = (runtimeConfig: Record<string, unknown>) => {
    const file = join(distDir, 'flows.html');
    if (html === null && existsSync(file)) {
      const json = JSON.stringify(runtimeConfig).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      html = readFileSync(file, 'utf8').replace('__APP_CONFIG__', json);
    }
    return html;
  };

  app.use('*', flowsPageAccess);
  app.get(
    '/',
    contract({
      summary: 'The flow explorer: every machine drawn with its recorded traffic, funnels and path coverage',
      tags: ['flows'],
      auth: 'guest',
      responses: {
        200: { description: 'The page', content: { 'text/html': null } },
        302: redirect('The token taken into its cookie: back to the page without it in the address', {
          'Set-Cookie': 'flows_token, HttpOnly, SameSite=Strict',
        }),
      },
      errors: [401, 404],
    }),
    (c) => {
      const page = pageHtml({
        apiBase: c.get('config').apiBase,
        appBase: c.get('config').appBase,
        dashboardUrl: c.get('config').dashboardUrl,
      });
      if (!page)
        throw new ApiError(
          503,
          'NOT_BUILT',
          'The flow explorer is not built. Run `npm run build` (npm start does this for you).',
        );
      c.header('Cache-Control', 'no-store');
      return c.html(page);
    },
  );
  app.get(
    '/coverage.json',
    contract({
      summary:
        'Which transitions the generated unit and browser paths take (visualizations/coverage.json), for the explorer’s overlay',
      tags: ['flows'],
      auth: 'guest',
      responses: { 200: { description: 'The coverage report', content: { 'application/json': null } } },
      errors: [401, 404],
    }),
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.body(readFileSync(COVERAGE_FILE, 'utf8'), 200, { 'Content-Type': 'application/json' });
    },
  );
  return app;
}
