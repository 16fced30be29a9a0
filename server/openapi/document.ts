import { readFileSync } from 'node:fs';
import type { $ZodType } from 'zod/v4/core';
import { contractOf, isOtherResponse, type Contract, type ResponseSpec } from '../http/contract';
import { SESSION_COOKIE } from '../http/session';
import { isFlowsGated } from '../http/flows-access';
import { apiErrorBody } from '../../src/api/schemas/common';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import { ERROR_RESPONSES, TAG_DESCRIPTIONS } from './descriptions';
import { examplesKey, OPERATION_EXAMPLES, type OperationExamples } from './examples';

/** What Hono's app.routes lists: one entry per handler, middleware included (method ALL). */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

export interface ContractedRoute {
  method: string;
  /** The path as Hono has it (`/api/skus/:id`). */
  routePath: string;
  contract: Contract;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SUCCESS_TEXTS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  301: 'Moved permanently',
  302: 'Found',
};
const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/ApiError' };
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Each route that carries a contract, once, in the order the app matches them; middleware is skipped. */
export function contractedRoutes(routes: readonly RouteEntry[]): ContractedRoute[] {
  const found = new Map<string, ContractedRoute>();
  for (const route of routes) {
    const contract = contractOf(route.handler);
    const key = `${route.method} ${route.path}`;
    if (route.method !== 'ALL' && contract && !found.has(key))
      found.set(key, { method: route.method, routePath: route.path, contract });
  }
  return [...found.values()];
}

/** `/api/skus/:id` as OpenAPI writes it: `/api/skus/{id}`. */
export const toOpenApiPath = (routePath: string) => routePath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
const pathParamsOf = (routePath: string) => [...routePath.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const isWildcard = (routePath: string) => routePath.includes('*');

function tagOf(route: ContractedRoute, apiBase: string): string {
  if (route.contract.tags?.[0]) return route.contract.tags[0];
  const rest = route.routePath.startsWith(`${apiBase}/`) ? route.routePath.slice(apiBase.length) : route.routePath;
  return rest.split('/').filter((s) => s && s !== 'v2')[0] ?? 'app';
}

/** `GET /api/v2/subscriptions/:id/details` → `getV2SubscriptionsByIdDetails`: unique as long as the paths are. */
function operationIdOf(method: string, routePath: string, apiBase: string): string {
  const rest = routePath.startsWith(`${apiBase}/`) ? routePath.slice(apiBase.length) : routePath;
  const words = rest
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return method.toLowerCase() + (pascal || 'Root');
}

/** `example` when there is one: Swagger UI shows it and fills it in to try the call. */
const withExample = (value: unknown) => (value === undefined ? {} : { example: value });

type ParameterSchema = { type?: unknown; items?: ParameterSchema };

/** A parameter's example is written as the text it travels as; the document shows it as the type it documents (an id as an integer, a list as an array). */
function parameterExample(schema: ParameterSchema | undefined, text: string | undefined): unknown {
  if (text === undefined || !schema) return text;
  if (schema.type === 'integer' || schema.type === 'number') return Number(text);
  if (schema.type === 'boolean') return text === 'true';
  if (schema.type === 'array') return text.split(',').map((item) => parameterExample(schema.items, item));
  return text;
}

function parameters(route: ContractedRoute, examples: OperationExamples | undefined): Record<string, unknown>[] {
  const { params, query } = route.contract;
  const pathSchema = params ? objectProperties(params, 'params') : { properties: {}, required: [] };
  const fromPath = pathParamsOf(route.routePath).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchema.properties[name] ?? { type: 'string' },
    ...withExample(
      parameterExample(pathSchema.properties[name] as ParameterSchema | undefined, examples?.params?.[name]),
    ),
  }));
  if (!query) return fromPath;
  const querySchema = objectProperties(query, 'query');
  // A list travels in one parameter, comma-separated (`transactionTypes=SALE,RFND`): form style, not exploded.
  const fromQuery = Object.entries(querySchema.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: querySchema.required.includes(name),
    ...(schema.type === 'array' && { style: 'form', explode: false }),
    schema,
    ...withExample(parameterExample(schema as ParameterSchema, examples?.query?.[name])),
  }));
  return [...fromPath, ...fromQuery];
}

function objectProperties(
  schema: $ZodType,
  what: string,
): { properties: Record<string, JsonSchema>; required: string[] } {
  const json = jsonSchemaOf(schema, 'input');
  if (json.type !== 'object' || typeof json.properties !== 'object')
    throw new Error(`A contract's ${what} must be an object schema.`);
  return {
    properties: json.properties as Record<string, JsonSchema>,
    required: (json.required as string[] | undefined) ?? [],
  };
}

function successResponse(status: number, spec: ResponseSpec, example: unknown): Record<string, unknown> {
  if (spec === null) return { description: SUCCESS_TEXTS[status] ?? 'No body' };
  if (!isOtherResponse(spec))
    return {
      description: SUCCESS_TEXTS[status] ?? 'See the schema',
      content: { 'application/json': { schema: jsonSchemaOf(spec, 'output'), ...withExample(example) } },
    };
  return {
    description: spec.description,
    ...(spec.headers && {
      headers: Object.fromEntries(
        Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      ),
    }),
    ...(spec.content && {
      content: Object.fromEntries(
        Object.entries(spec.content).map(([type, schema]) => [
          type,
          schema ? { schema: jsonSchemaOf(schema, 'output') } : {},
        ]),
      ),
    }),
  };
}

function operation(route: ContractedRoute, apiBase: string): Operation {
  const { contract } = route;
  const isApi = route.routePath.startsWith(`${apiBase}/`);
  const errors = new Set<number>([...contract.errors, 500, 503]);
  // The origin check in front of the API refuses an unsafe request sent from a foreign page.
  if (isApi && UNSAFE_METHODS.has(route.method)) errors.add(403);
  // The flow explorer's calls are off (404) or need its token (401): see server/http/flows-access.ts.
  if (isFlowsGated(route.method, route.routePath, apiBase)) errors.add(401).add(404);
  const examples = OPERATION_EXAMPLES[examplesKey(route.method, route.routePath, apiBase)];
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(contract.responses))
    responses[status] = successResponse(Number(status), spec ?? null, examples?.responses?.[Number(status)]);
  for (const status of [...errors].sort((a, b) => a - b))
    responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
  const params = parameters(route, examples);
  return {
    operationId: operationIdOf(route.method, route.routePath, apiBase),
    summary: contract.summary,
    ...(contract.description && { description: contract.description }),
    tags: [tagOf(route, apiBase)],
    security: contract.auth === 'user' ? [{ session: [] }] : [{}, { session: [] }],
    ...(params.length > 0 && { parameters: params }),
    ...(contract.body && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          (contract.bodyMediaTypes ?? ['application/json']).map((type) => [
            type,
            { schema: jsonSchemaOf(contract.body!, 'input'), ...withExample(examples?.body) },
          ]),
        ),
      },
    }),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of an app, from its own route table: every route that carries a
 * contract, with the contract's schemas converted from zod. Paths are the full paths served, so
 * the one server is this one.
 */
export function buildOpenApiDocument(routes: readonly RouteEntry[], { apiBase }: { apiBase: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const wildcards = new Map<string, string[]>();
  const tags = new Set<string>();
  for (const route of contractedRoutes(routes)) {
    const tag = tagOf(route, apiBase);
    tags.add(tag);
    // OpenAPI has no wildcard paths: such a route is named in its tag's description instead.
    if (isWildcard(route.routePath)) {
      wildcards.set(tag, [
        ...(wildcards.get(tag) ?? []),
        `\`${route.method} ${route.routePath}\` (${route.contract.summary}; a wildcard, which OpenAPI paths cannot express).`,
      ]);
      continue;
    }
    const path = toOpenApiPath(route.routePath);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, apiBase) };
  }
  const errorStatuses = Object.keys(ERROR_RESPONSES).map(Number);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Resume payments API',
      version,
      description: `The API of the subscription and payments app, under \`${apiBase || '/'}\`, and the pages this server serves besides. Every refusal carries the one error body (ApiError). Every text, in a body, a query or a path, must be well-formed Unicode without U+0000: a lone surrogate (\\uD800 in JSON) or a NUL is refused with 400.`,
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].map((name) => {
      const description = [TAG_DESCRIPTIONS[name], ...(wildcards.get(name) ?? [])].filter(Boolean).join(' ');
      return description ? { name, description } : { name };
    }),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorBody, 'output') },
      responses: Object.fromEntries(
        errorStatuses.map((status) => {
          const { name, description, retryAfter } = ERROR_RESPONSES[status]!;
          const headers = retryAfter
            ? {
                headers: {
                  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
                },
              }
            : {};
          return [name, { description, ...headers, content: { 'application/json': { schema: ERROR_SCHEMA_REF } } }];
        }),
      ),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The HttpOnly session cookie set on sign-in.',
        },
      },
    },
  };
}
