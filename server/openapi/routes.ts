import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { contract, htmlPage } from '../http/contract';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { buildOpenApiDocument, type OpenApiDocument, type RouteEntry } from './document';

/** The document's outline; its full shape is OpenAPI 3.1's own. */
const openApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ operationId: z.string(), responses: z.record(z.string(), z.unknown()) })),
  ),
});

/** Swagger UI from the swagger-ui-dist package, and the script that starts it: no other file is served. */
const SWAGGER_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
const docsAsset = z.object({ asset: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) });
// No validator badge: Swagger UI would fetch it from a remote service.
const START_SCRIPT = `SwaggerUIBundle({ url: document.currentScript.dataset.spec, dom_id: '#docs', validatorUrl: null, deepLinking: true });\n`;

const requireFrom = createRequire(import.meta.url);
const files = new Map<string, string>();
const swaggerFile = (name: keyof typeof SWAGGER_FILES) => {
  let text = files.get(name);
  if (text === undefined) {
    text = readFileSync(requireFrom.resolve(`swagger-ui-dist/${name}`), 'utf8');
    files.set(name, text);
  }
  return text;
};

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const docsPage = (base: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Resume payments</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${base}/docs/swagger-ui.css"></head>
<body><div id="docs"><noscript>The reference page needs JavaScript; the document itself is at <a href="${base}/openapi.json">${base}/openapi.json</a>.</noscript></div>
<script src="${base}/docs/swagger-ui-bundle.js" defer></script><script src="${base}/docs/start.js" data-spec="${base}/openapi.json" defer></script></body></html>`;

const docsSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('config').apiDocs)
    throw new ApiError(404, 'API_DOCS_OFF', 'The API reference page is switched off on this server.');
  await next();
};

/** The OpenAPI document of the whole app (built once, on first request), and its reference page when API_DOCS allows. */
export function openApiRoutes(appRoutes: () => readonly RouteEntry[]) {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;

  app.get(
    '/openapi.json',
    contract({ summary: 'This OpenAPI document', tags: ['docs'], auth: 'guest', responses: { 200: openApiDocument } }),
    (c) => {
      document ??= buildOpenApiDocument(appRoutes(), { apiBase: c.get('config').apiBase });
      return c.json(document);
    },
  );

  app.use('/docs/*', docsSwitch);
  app.get(
    '/docs',
    contract({
      summary: 'The API reference page',
      tags: ['docs'],
      auth: 'guest',
      responses: { 200: htmlPage('Swagger UI showing this document') },
      errors: [404],
    }),
    (c) => c.html(docsPage(escapeAttribute(c.get('config').apiBase))),
  );
  app.get(
    '/docs/:asset',
    contract({
      summary: 'A script or style sheet of the reference page',
      tags: ['docs'],
      auth: 'guest',
      params: docsAsset,
      responses: { 200: { description: 'The file', content: { 'text/css': null, 'text/javascript': null } } },
      errors: [404],
    }),
    (c) => {
      const { asset } = c.req.valid('param');
      if (asset === 'start.js') return c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return c.body(swaggerFile(asset), 200, { 'Content-Type': SWAGGER_FILES[asset] });
    },
  );

  return app;
}
