import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { isOtherResponse } from '../../server/http/contract';
import { buildOpenApiDocument, contractedRoutes, toOpenApiPath } from '../../server/openapi/document';
import { examplesKey, OPERATION_EXAMPLES } from '../../server/openapi/examples';

/**
 * Every operation in the document carries examples, for a client generator or a mock server to
 * start from: a request example where it takes parameters or a body, and a response example for
 * each JSON success. Each is checked against its own operation's zod schema (what the server
 * runs) and against the JSON schema the document publishes.
 */
const API_BASE = '/api';
const app = createApp({ db: {} as Database, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
const document = buildOpenApiDocument(app.routes, { apiBase: API_BASE });
const routes = contractedRoutes(app.routes).filter((route) => !route.routePath.includes('*'));

type Parameter = { name: string; in: string; required: boolean; schema: object; example?: unknown };
type Media = { schema?: object; example?: unknown };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const operationOf = (method: string, routePath: string) =>
  document.paths[toOpenApiPath(routePath)]![method.toLowerCase()] as unknown as Operation;
const keyOf = (method: string, routePath: string) => examplesKey(method, routePath, API_BASE);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const schemaProblems = (schema: object, value: unknown) =>
  ajv.validate(schema, value) ? [] : (ajv.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
const zodProblems = (schema: $ZodType, value: unknown) => {
  const result = safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '/'} ${issue.message}`);
};

describe('the examples of the OpenAPI document', () => {
  it('covers the operations it should', () => {
    expect(routes.length).toBeGreaterThan(80);
    // Every set of examples names an operation that exists: a renamed route leaves none behind.
    const keys = new Set(routes.map((route) => keyOf(route.method, route.routePath)));
    expect(Object.keys(OPERATION_EXAMPLES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.routePath}`, route] as const))(
    '%s: a request example where it takes input',
    (_, route) => {
      const operation = operationOf(route.method, route.routePath);
      const examples = OPERATION_EXAMPLES[keyOf(route.method, route.routePath)];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' || parameter.required)
          expect(parameter.example, `${parameter.in} parameter ${parameter.name}`).toBeDefined();
        if (parameter.example !== undefined)
          expect(schemaProblems(parameter.schema, parameter.example), parameter.name).toEqual([]);
      }
      if (route.contract.params) expect(zodProblems(route.contract.params, examples?.params)).toEqual([]);
      if (route.contract.query) expect(zodProblems(route.contract.query, examples?.query ?? {})).toEqual([]);
      if (route.contract.body) {
        expect(examples?.body, 'a body example').toBeDefined();
        expect(zodProblems(route.contract.body, examples!.body)).toEqual([]);
        for (const [type, media] of Object.entries(operation.requestBody!.content)) {
          expect(media.example, type).toEqual(examples!.body);
          expect(schemaProblems(media.schema!, media.example), type).toEqual([]);
        }
      }
    },
  );

  it.each(routes.map((route) => [`${route.method} ${route.routePath}`, route] as const))(
    '%s: a response example for each JSON success',
    (_, route) => {
      const operation = operationOf(route.method, route.routePath);
      const examples = OPERATION_EXAMPLES[keyOf(route.method, route.routePath)];
      for (const [status, spec] of Object.entries(route.contract.responses)) {
        if (!status.startsWith('2') || !spec || isOtherResponse(spec)) continue;
        const media = operation.responses[status]!.content!['application/json']!;
        expect(media.example, `the ${status} example`).toBeDefined();
        expect(media.example).toEqual(examples?.responses?.[Number(status)]);
        expect(zodProblems(spec, media.example), `${status} against its zod schema`).toEqual([]);
        expect(schemaProblems(media.schema!, media.example), `${status} against its JSON schema`).toEqual([]);
      }
    },
  );

  it('uses values from the seeded demo data, not placeholders', () => {
    const placeholders: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (typeof value === 'string' && /^(string|a|x|test|foo|bar)$/i.test(value))
        placeholders.push(`${where}: ${value}`);
      // `type` is a JSON Schema keyword in the document's own example (GET /openapi.json).
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) if (key !== 'type') visit(inner, `${where}.${key}`);
    };
    for (const [key, examples] of Object.entries(OPERATION_EXAMPLES)) visit(examples, key);
    expect(placeholders).toEqual([]);
  });
});
