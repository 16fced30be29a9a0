import { randomUUID } from 'node:crypto';

/**
 * A valid request for a route, drawn from the published OpenAPI document: every required path,
 * query and body field gets a value its schema accepts. The fuzzer then breaks one field at a
 * time, so the broken field, not a missing neighbour, is what the server has to deal with.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> }
    >;
  };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Facts about the signed-in person that a valid request names (their own id, a plan that exists). */
export interface Context {
  userUid: string;
  skuId: number;
}

export interface ValidRequest {
  /** Path parameters by name (`:id` in Hono's path). */
  params: Record<string, string>;
  /** Every documented query parameter, required ones with a valid value. */
  query: Record<string, string>;
  queryNames: string[];
  /** The JSON body with valid values, or undefined when the route takes none. */
  body: Record<string, unknown> | undefined;
  bodyNames: string[];
  documented: boolean;
}

/** `/api/skus/:id` → `/api/skus/{id}`, the document's spelling. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

const CANDIDATE_TEXTS = [
  'a',
  'US',
  'us',
  'Desktop',
  '1',
  '4242',
  '2026-11-22T10:15:00',
  '2026-11-22',
  'abc-1',
  'J-OPEN-1',
  'active-us',
  'new-us',
  'a@example.com',
  'ab',
];

export function validRequest(
  doc: OpenApiDocument | undefined,
  method: string,
  honoPath: string,
  context: Context,
): ValidRequest {
  const operation = doc?.paths[openApiPath(honoPath)]?.[method.toLowerCase()];
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc?.components?.schemas?.[name]);
  };
  const valueFor = (schema: JsonSchema | undefined, name: string): unknown =>
    example(resolve(schema), name, context, resolve);

  const params: Record<string, string> = {};
  for (const match of honoPath.matchAll(/:(\w+)/g)) {
    const name = match[1]!;
    const documented = operation?.parameters?.find((p) => p.in === 'path' && p.name === name);
    params[name] = String(documented ? valueFor(documented.schema, name) : fallbackText(name, context));
  }
  const query: Record<string, string> = {};
  const queryNames: string[] = [];
  for (const parameter of operation?.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    queryNames.push(parameter.name);
    if (parameter.required)
      query[parameter.name] = String(parameter.example ?? valueFor(parameter.schema, parameter.name));
  }
  const json = operation?.requestBody?.content?.['application/json'];
  const bodySchema = resolve(json?.schema);
  const body = json
    ? ((json.example as Record<string, unknown> | undefined) ??
      (valueFor(bodySchema, 'body') as Record<string, unknown>))
    : undefined;
  const bodyNames = bodySchema?.properties ? Object.keys(bodySchema.properties) : body ? Object.keys(body) : [];
  return { params, query, queryNames, body, bodyNames, documented: Boolean(operation) };
}

function fallbackText(name: string, context: Context): string {
  if (/user/i.test(name)) return context.userUid;
  if (/id$/i.test(name)) return '1';
  return 'a';
}

/** A value the schema accepts, the one a person would likely send: the field's name picks the signed-in person's id or plan. */
export function example(
  schema: JsonSchema | undefined,
  name: string,
  context: Context,
  resolve: (s: JsonSchema | undefined) => JsonSchema | undefined,
): unknown {
  if (!schema) return fallbackText(name, context);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const option = options.map(resolve).find((o) => o && o.type !== 'null');
    return example(option, name, context, resolve);
  }
  if (schema.allOf?.length) return example(resolve(schema.allOf[0]), name, context, resolve);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // Required fields, and optional ones whose values are constrained (a code, four digits):
      // those often travel together (a card payment names its card), free text and flags need not.
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const resolved = resolve(property);
        const constrained = Boolean(resolved?.enum?.length || resolved?.pattern);
        if (schema.required?.includes(key) || constrained) value[key] = example(resolved, key, context, resolve);
      }
      return value;
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 && schema.items ? [example(resolve(schema.items), name, context, resolve)] : [];
    case 'integer':
    case 'number': {
      if (/sku/i.test(name)) return context.skuId;
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    default:
      return text(schema, name, context);
  }
}

function text(schema: JsonSchema, name: string, context: Context): string {
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const fits = (candidate: string) =>
    (!pattern || pattern.test(candidate)) &&
    candidate.length >= (schema.minLength ?? 0) &&
    candidate.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'uuid' || (pattern && pattern.test(context.userUid))) {
    return /session|guid|doc/i.test(name) && !/user/i.test(name) ? randomUUID() : context.userUid;
  }
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.org';
  if (schema.format === 'uri' || schema.format === 'url') return 'http://localhost/';
  if (/^(url|.*URL)$/.test(name)) return '/payment/pricing';
  const found = CANDIDATE_TEXTS.find(fits);
  if (found) return found;
  const digits = '1'.repeat(Math.max(1, schema.minLength ?? 1));
  return fits(digits) ? digits : 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}
