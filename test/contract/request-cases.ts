import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { example, type Context, type JsonSchema, type OpenApiDocument } from '../fuzz/valid-requests';

/**
 * Requests drawn from the published OpenAPI document alone, for the property test that the
 * contract is not looser than the server: the valid ones at the edges the schemas name (bounds,
 * lengths, every enum value, every optional field there and not there) plus random ones, and
 * invalid ones that each break one constraint. Every case is checked against the document with
 * Ajv before it is sent, so what the test calls valid or invalid is what the document says.
 */

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The document's path, `/api/skus/{id}`. */
  path: string;
  operationId: string;
  description: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

/** One request: parameter values as typed by the document (before they are written into the URL) and the body. */
export interface Case {
  why: string;
  params: Record<string, unknown>;
  body: unknown;
}

const NOT_GIVEN = Symbol('not given');

export function operationsOf(doc: OpenApiDocument & { paths: Record<string, Record<string, any>> }): Operation[] {
  const resolve = (schema: any): any =>
    schema?.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()]) : schema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        description: op.description ?? '',
        parameters: (op.parameters ?? []).map((p: any) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: resolve(p.schema) ?? {},
        })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return operations;
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
const branchesOf = (schema: JsonSchema): JsonSchema[] | undefined => schema.oneOf ?? schema.anyOf;
/** Patterns of a string schema: its own and any under allOf. */
const patternsOf = (schema: JsonSchema): RegExp[] =>
  [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)]
    .filter((p): p is string => Boolean(p))
    .map((p) => new RegExp(p, 'u'));
const codePoints = (s: string) => [...s].length;

/** Text of exactly `length` code points that the schema's patterns accept, from a few alphabets (astral ones too), or none. */
function textOfLength(schema: JsonSchema, length: number, seed: string): string[] {
  const patterns = patternsOf(schema);
  const fits = (s: string) => patterns.every((p) => p.test(s)) && (schema.format !== 'email' || /@/.test(s));
  const found: string[] = [];
  for (const unit of ['a', 'é', '\u{1F600}', '1', 'A']) {
    const candidate =
      seed && codePoints(seed) <= length ? seed + unit.repeat(length - codePoints(seed)) : unit.repeat(length);
    if (fits(candidate) && !found.some((f) => f.length === candidate.length)) found.push(candidate);
  }
  // A pattern with a fixed shape: pad a matching sample to the length, or take samples of that length.
  if (found.length === 0 && patterns.length === 1) {
    const sample = fc
      .sample(fc.stringMatching(patterns[0]!), { numRuns: 200, seed: 52 })
      .find((s) => codePoints(s) === length);
    if (sample !== undefined) found.push(sample);
  }
  return found;
}

/** Valid values at the edges of a schema: each enum value, both bounds, the shortest and longest texts. */
export function edgeValues(schema: JsonSchema, typical: unknown): unknown[] {
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum) return [...schema.enum];
  const branches = branchesOf(schema);
  if (branches) return branches.flatMap((b) => (b.type === 'null' ? [null] : edgeValues(b, typical)));
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -2147483648);
      const max = schema.maximum ?? 2147483647;
      return [min, max];
    }
    case 'boolean':
      return [true, false];
    case 'string': {
      if (schema.format === 'date-time') return ['2026-01-31T00:00:00Z', '2026-12-31T23:59:59.999+01:00'];
      if (schema.format === 'date') return ['2026-01-01', '2026-12-31'];
      if (schema.format === 'uri') return ['http://localhost:5173'];
      const seed = typeof typical === 'string' ? typical : '';
      const min = schema.minLength ?? 0;
      const lengths = [...new Set([min, ...(schema.maxLength !== undefined ? [schema.maxLength] : [])])];
      const edges = lengths.flatMap((length) => textOfLength(schema, length, length >= codePoints(seed) ? seed : ''));
      // A pattern that bounds the length itself: its shortest and longest matches among samples.
      const patterns = patternsOf(schema);
      if (patterns.length === 1) {
        const samples = fc
          .sample(fc.stringMatching(patterns[0]!), { numRuns: 60, seed: 52 })
          .filter((v) => codePoints(v) >= min && codePoints(v) <= (schema.maxLength ?? Infinity));
        samples.sort((a, b) => codePoints(a) - codePoints(b));
        if (samples.length) edges.push(samples[0]!, samples.at(-1)!);
      }
      return [...new Set(edges)];
    }
    case 'array': {
      const items = schema.items ?? {};
      const values = edgeValues(items, undefined);
      const all = (schema as { uniqueItems?: boolean }).uniqueItems ? values : values;
      return [...values.map((v) => [v]), all, ...((schema.minItems ?? 0) === 0 ? [[]] : [])];
    }
    default:
      return [];
  }
}

/** Values that break exactly one constraint of the schema, each with what it breaks. */
export function brokenValues(schema: JsonSchema, typical: unknown, inUrl: boolean): { why: string; value: unknown }[] {
  const out: { why: string; value: unknown }[] = [];
  if ((schema as { not?: object }).not !== undefined)
    return [{ why: 'a field the other kind of request has', value: typical ?? 'x' }];
  if (schema.const !== undefined || schema.enum)
    out.push({
      why: 'not in the enum',
      value: typeof (schema.const ?? schema.enum?.[0]) === 'string' ? 'NOT-IN-ENUM' : 987654,
    });
  const type = typeOf(schema);
  const nullable = Array.isArray(schema.type)
    ? schema.type.includes('null')
    : Boolean(branchesOf(schema)?.some((b) => b.type === 'null'));
  const branch = branchesOf(schema)?.find((b) => b.type !== 'null');
  if (branch && branchesOf(schema)!.length === 2 && nullable)
    return brokenValues(branch, typical, inUrl).filter((b) => b.value !== null);
  switch (type) {
    case 'integer':
    case 'number':
      if (schema.minimum !== undefined) out.push({ why: 'below the minimum', value: schema.minimum - 1 });
      if (schema.maximum !== undefined)
        out.push({
          why: 'above the maximum',
          value: schema.maximum + (schema.maximum >= Number.MAX_SAFE_INTEGER ? 2 : 1),
        });
      if (type === 'integer') out.push({ why: 'not a whole number', value: (schema.minimum ?? 0) + 0.5 });
      out.push({ why: 'the wrong type', value: 'abc' });
      break;
    case 'string': {
      if (schema.maxLength !== undefined) {
        const long = textOfLength(
          { ...schema, maxLength: undefined },
          schema.maxLength + 1,
          typeof typical === 'string' ? typical : '',
        );
        out.push(...long.slice(0, 2).map((value) => ({ why: 'too long', value })));
      }
      if ((schema.minLength ?? 0) > 0) {
        const short = textOfLength({ ...schema, minLength: undefined }, schema.minLength! - 1, '');
        out.push(...(short.length ? short : ['']).slice(0, 1).map((value) => ({ why: 'too short', value })));
      }
      if (patternsOf(schema).length || schema.format)
        out.push({
          why: 'not matching its pattern or format',
          value: typeof typical === 'string' && typical.length > 1 ? `${typical}\u0001!` : '\u0001!',
        });
      if (!inUrl) out.push({ why: 'the wrong type', value: 12345 });
      break;
    }
    case 'boolean':
      out.push({ why: 'the wrong type', value: 'yes' });
      break;
    case 'array':
      if (schema.items?.enum) out.push({ why: 'an item not in the enum', value: ['NOT-IN-ENUM'] });
      if ((schema as { uniqueItems?: boolean }).uniqueItems && schema.items?.enum?.length)
        out.push({ why: 'a repeated item', value: [schema.items.enum[0], schema.items.enum[0]] });
      if (!inUrl) out.push({ why: 'the wrong type', value: 'x' });
      break;
    case 'object':
      out.push({ why: 'the wrong type', value: 'x' });
      break;
  }
  return out;
}

/** A random value the schema accepts: fast-check's arbitrary of it. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = branchesOf(schema);
  if (branches)
    return fc.oneof(...branches.map((b) => (b.type === 'null' ? fc.constant(null) : arbitraryOf(b, depth))));
  switch (typeOf(schema)) {
    case 'integer':
      return fc
        .bigInt({ min: BigInt(schema.minimum ?? -2147483648), max: BigInt(schema.maximum ?? 2147483647) })
        .map(Number);
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'uri') return fc.constantFrom('http://localhost:5173', 'https://example.org');
      const patterns = patternsOf(schema);
      const lengthOk = (s: string) =>
        codePoints(s) >= (schema.minLength ?? 0) && codePoints(s) <= (schema.maxLength ?? Infinity);
      if (patterns.length === 1 && patterns[0]!.source.startsWith('^'))
        return fc.stringMatching(patterns[0]!).filter(lengthOk);
      return fc
        .string({
          unit: 'grapheme',
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 40, 200),
        })
        .filter((s) => lengthOk(s) && patterns.every((p) => p.test(s)));
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min((schema as { maxItems?: number }).maxItems ?? 3, 3),
      });
    case 'object': {
      const props = Object.entries(schema.properties ?? {}).filter(
        ([, s]) => (s as { not?: object }).not === undefined,
      );
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, arbitraryOf(s, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.constant('a');
  }
}

/** The document's own validator for an operation's inputs: parameters as the URL carries them, and the body. */
export function checkerFor(op: Operation) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  const params = ajv.compile({
    type: 'object',
    properties: Object.fromEntries(op.parameters.map((p) => [p.name, p.schema])),
    required: op.parameters.filter((p) => p.required).map((p) => p.name),
  });
  const body: ValidateFunction | undefined = op.body ? ajv.compile(op.body) : undefined;
  return (c: Case): boolean => {
    const read = Object.fromEntries(
      Object.entries(c.params).map(([name, value]) => [
        name,
        readBack(op.parameters.find((p) => p.name === name)!.schema, serialize(value)),
      ]),
    );
    return params(read) && (!body || body(c.body));
  };
}

/** How a value travels in a path or query: an integer written out, a list comma-separated (form style, not exploded). */
export const serialize = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(',') : String(value);

/** What the URL's text stands for under the documented schema, as a client reading the document would parse it. */
function readBack(schema: JsonSchema, raw: string): unknown {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'array':
      return raw === '' ? [] : raw.split(',');
    default:
      return raw;
  }
}

/** The paths of the fields of an object schema, nested objects walked into. */
function fieldsOf(schema: JsonSchema, at: string[] = []): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const out: { path: string[]; schema: JsonSchema; required: boolean }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = [...at, name];
    out.push({ path, schema: property, required: (schema.required ?? []).includes(name) });
    if (typeOf(property) === 'object' && property.properties) out.push(...fieldsOf(property, path));
  }
  return out;
}

const getAt = (value: any, path: string[]): unknown =>
  path.reduce((v, k) => (v === undefined || v === null ? undefined : v[k]), value);
function setAt(value: any, path: string[], to: unknown): any {
  const copy = structuredClone(value ?? {});
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] ??= {};
  if (to === NOT_GIVEN) delete node[path.at(-1)!];
  else node[path.at(-1)!] = to;
  return copy;
}

export interface CaseOptions {
  context: Context;
  /** A known value for a field by its name (real ids), for the typical request the edges start from. */
  known: (name: string, schema: JsonSchema) => unknown;
  /**
   * The value a field always takes, where the document cannot give a valid one (a solved captcha,
   * which its description asks for) or where a random one only meets 403 (the signed-in person's id).
   */
  fixed: (name: string) => unknown;
  /** Fields no valid variation is tried for: their valid values are not the document's to give. */
  onlyFixed: (name: string) => boolean;
  randomRuns: number;
  seed: number;
}

/** The valid and invalid cases of one operation. */
export function casesOf(op: Operation, options: CaseOptions): { valid: Case[]; invalid: Case[] } {
  const resolve = (s: JsonSchema | undefined) => s;
  const typical = (schema: JsonSchema, name: string): unknown => {
    const known = options.fixed(name) ?? options.known(name, schema);
    if (known !== undefined) return known;
    return example(schema, name, options.context, resolve);
  };
  const baseParams: Record<string, unknown> = {};
  for (const p of op.parameters) if (p.required) baseParams[p.name] = typical(p.schema, p.name);
  // A body of several kinds (oneOf): a base request of each kind, so each kind's fields get their edges.
  const bodyKinds = op.body ? (op.body.oneOf ?? [op.body]) : [undefined];
  const valid: Case[] = [];
  const invalid: Case[] = [];
  for (const [k, kind] of bodyKinds.entries()) {
    const baseBody = kind ? typicalObject(kind, typical) : undefined;
    const kindName = bodyKinds.length > 1 ? ` (kind ${k + 1})` : '';
    const base: Case = { why: `the typical request${kindName}`, params: baseParams, body: baseBody };
    valid.push(base);
    if (k === 0) {
      for (const p of op.parameters) {
        const typicalValue = baseParams[p.name] ?? typical(p.schema, p.name);
        if (!options.onlyFixed(p.name))
          for (const value of edgeValues(p.schema, typicalValue))
            valid.push({ ...base, why: `${p.name} = ${short(value)}`, params: { ...baseParams, [p.name]: value } });
        if (!p.required)
          valid.push({ ...base, why: `${p.name} given`, params: { ...baseParams, [p.name]: typicalValue } });
        else
          invalid.push({
            ...base,
            why: `${p.name} missing`,
            params: Object.fromEntries(Object.entries(baseParams).filter(([n]) => n !== p.name)),
          });
        for (const broken of brokenValues(p.schema, typicalValue, true))
          invalid.push({
            ...base,
            why: `${p.name} ${broken.why}: ${short(broken.value)}`,
            params: { ...baseParams, [p.name]: broken.value },
          });
      }
    }
    if (kind) {
      for (const field of fieldsOf(kind)) {
        const name = field.path.join('.');
        const current = getAt(baseBody, field.path);
        const typicalValue = current ?? typical(field.schema, field.path.at(-1)!);
        const forbidden = (field.schema as { not?: object }).not !== undefined;
        if (!forbidden && !options.onlyFixed(field.path.at(-1)!)) {
          for (const value of edgeValues(field.schema, typicalValue))
            valid.push({
              ...base,
              why: `${name} = ${short(value)}${kindName}`,
              body: setAt(baseBody, field.path, value),
            });
          if (!field.required) {
            valid.push({ ...base, why: `${name} left out${kindName}`, body: setAt(baseBody, field.path, NOT_GIVEN) });
            valid.push({ ...base, why: `${name} given${kindName}`, body: setAt(baseBody, field.path, typicalValue) });
          }
        }
        if (field.required)
          invalid.push({ ...base, why: `${name} missing${kindName}`, body: setAt(baseBody, field.path, NOT_GIVEN) });
        // The value a field of the other kind would carry, where this kind forbids the field.
        const otherKindValue = forbidden
          ? bodyKinds
              .map((other) => other?.properties?.[field.path[0]!])
              .find((s) => s && (s as { not?: object }).not === undefined)
          : undefined;
        const brokenFrom = forbidden
          ? [
              {
                why: 'a field only the other kind of request has',
                value: otherKindValue ? typical(otherKindValue, name) : 'x',
              },
            ]
          : brokenValues(field.schema, typicalValue, false);
        for (const broken of brokenFrom)
          invalid.push({
            ...base,
            why: `${name} ${broken.why}: ${short(broken.value)}${kindName}`,
            body: setAt(baseBody, field.path, broken.value),
          });
      }
    }
  }
  if (op.body) invalid.push({ why: 'the body the wrong type', params: baseParams, body: ['not', 'an', 'object'] });

  // Random requests: every parameter and field drawn from its schema, the known ones kept.
  const paramArbitrary = fc.record(Object.fromEntries(op.parameters.map((p) => [p.name, arbitraryOf(p.schema)])), {
    requiredKeys: op.parameters.filter((p) => p.required).map((p) => p.name),
  });
  const bodyArbitrary = op.body ? arbitraryOf(op.body) : fc.constant(undefined);
  const samples = fc.sample(fc.tuple(paramArbitrary, bodyArbitrary), {
    numRuns: options.randomRuns,
    seed: options.seed,
  });
  for (const [i, [params, body]] of samples.entries()) {
    const withKnown = Object.fromEntries(
      Object.entries(params).map(([n, v]) => [
        n,
        knownOr(n, op.parameters.find((p) => p.name === n)!.schema, v, options),
      ]),
    );
    valid.push({
      why: `random request ${i + 1}`,
      params: withKnown,
      body: body && typeof body === 'object' ? keepKnown(body as Record<string, unknown>, options) : body,
    });
  }
  return { valid, invalid };
}

function typicalObject(
  schema: JsonSchema,
  typical: (schema: JsonSchema, name: string) => unknown,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if ((property as { not?: object }).not !== undefined) continue;
    const constrained = Boolean(property.enum?.length || property.const !== undefined);
    if (!(schema.required ?? []).includes(key) && !constrained) continue;
    value[key] =
      typeOf(property) === 'object' && property.properties ? typicalObject(property, typical) : typical(property, key);
  }
  return value;
}

const knownOr = (name: string, _schema: JsonSchema, value: unknown, options: CaseOptions) =>
  options.fixed(name) ?? value;
function keepKnown(body: Record<string, unknown>, options: CaseOptions): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'object' || v === undefined ? v : (options.fixed(k) ?? v)]),
  );
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${[...String(value)].length})` : text;
};
