import { toJSONSchema } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { documentedAs } from '../../src/api/schemas/blocks';

export type JsonSchema = Record<string, unknown>;

interface CheckDef {
  check: string;
  tx?: (value: string) => string;
  pattern?: RegExp;
}

const checksOf = (schema: $ZodType) =>
  ((schema._zod.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? []).map((c) => c._zod.def);

/** Whether a string schema lower- or upper-cases its input before its other checks run. */
const changesCase = (schema: $ZodType) =>
  checksOf(schema).some((def) => def.check === 'overwrite' && def.tx !== undefined && def.tx('Ab').trim() !== 'Ab');

const isLetter = (ch: string | undefined) => ch !== undefined && /[a-z]/i.test(ch);
const otherCase = (s: string) => (s === s.toLowerCase() ? s.toUpperCase() : s.toLowerCase());

/** A regular expression's source that matches without the `i` flag what the source matches with it (JSON Schema has no flags). */
export function caseInsensitiveSource(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (ch === '\\') {
      out += ch + (source[i + 1] ?? '');
      i += 1;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      if (isLetter(ch) && source[i + 1] === '-' && isLetter(source[i + 2])) {
        const range = source.slice(i, i + 3);
        out += range + otherCase(range);
        i += 2;
      } else out += isLetter(ch) ? ch + otherCase(ch) : ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      if (source[i + 1] === '^') {
        out += '^';
        i += 1;
      }
    } else out += isLetter(ch) ? `[${ch}${otherCase(ch)}]` : ch;
  }
  return out;
}

/** Writes the patterns of a schema's case-insensitive regexes so that they still accept both cases. */
function foldCaseInsensitivePatterns(schema: $ZodType, json: Record<string, unknown>) {
  for (const def of checksOf(schema)) {
    if (!def.pattern?.flags.includes('i')) continue;
    const { source } = def.pattern;
    for (const node of [json, ...((json.allOf as Record<string, unknown>[] | undefined) ?? [])]) {
      if (node.pattern === source) node.pattern = caseInsensitiveSource(source);
    }
  }
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): `input` for what a client sends,
 * `output` for what it gets back. Transforms have no JSON form and become "anything".
 */
export function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // A parameter parsed from text (an id, a list) is shown as what a client writes into it.
      const shown = io === 'input' ? documentedAs.get(zodSchema as $ZodType) : undefined;
      if (shown) {
        const keep = { default: jsonSchema.default, description: jsonSchema.description };
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
        Object.assign(
          jsonSchema,
          Object.fromEntries(Object.entries(keep).filter(([, value]) => value !== undefined)),
          shown,
        );
        return;
      }
      foldCaseInsensitivePatterns(zodSchema as $ZodType, jsonSchema as Record<string, unknown>);
      // The pattern is checked on the re-cased text: written to match either case, it takes what the server takes.
      if (io === 'input' && typeof jsonSchema.pattern === 'string' && changesCase(zodSchema as $ZodType))
        jsonSchema.pattern = caseInsensitiveSource(jsonSchema.pattern);
    },
  });
  return withoutEmptyAlternatives(rest) as JsonSchema;
}

const isEmptySchema = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/** `anyOf: [{}, …]` (a nullable unknown, say) already allows anything: it is written as `{}`. */
function withoutEmptyAlternatives(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyAlternatives);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withoutEmptyAlternatives(value)] as const);
  const result = Object.fromEntries(entries) as Record<string, unknown>;
  if (Array.isArray(result.anyOf) && result.anyOf.some(isEmptySchema)) delete result.anyOf;
  return result;
}
