import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { buildOpenApiDocument, type OpenApiDocument, type RouteEntry } from './document';

/** The document's outline; its full shape is OpenAPI 3.1's own. */
const openApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string(), responses: z.record(z.string(), z.unknown()) }))),
});

/** The OpenAPI document of the whole app, built once, on first request. */
export function openApiRoutes(appRoutes: () => readonly RouteEntry[]) {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;

  app.get('/openapi.json', contract({ summary: 'This OpenAPI document', tags: ['docs'], auth: 'guest', responses: { 200: openApiDocument } }), (c) => {
    document ??= buildOpenApiDocument(appRoutes(), { apiBase: c.var.config.apiBase });
    return c.json(document);
  });

  return app;
}
