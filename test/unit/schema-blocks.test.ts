import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { idText, int4, intText, jsonObject, jsonProblem, positiveBigId, text } from '../../src/api/schemas/blocks';
import { jsonNestingExceeds } from '../../server/http/validate';

const ok = (schema: Parameters<typeof safeParse>[0], value: unknown) => safeParse(schema, value).success;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('integer blocks', () => {
  it('int4 holds exactly the range of a PostgreSQL integer', () => {
    expect(ok(int4, 2_147_483_647)).toBe(true);
    expect(ok(int4, -2_147_483_648)).toBe(true);
    expect(ok(int4, 2_147_483_648)).toBe(false);
    expect(ok(int4, -2_147_483_649)).toBe(false);
    expect(ok(int4, 1.5)).toBe(false);
  });

  it('a bigint id is a positive safe integer', () => {
    expect(ok(positiveBigId, Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(ok(positiveBigId, 2 ** 53)).toBe(false);
    expect(ok(positiveBigId, 0)).toBe(false);
  });

  it('an id in a path or query is digits only, bounded by its column', () => {
    expect(safeParse(idText(), '42').data).toBe(42);
    expect(safeParse(idText(), '2147483647').data).toBe(2_147_483_647);
    for (const bad of ['2147483648', '0', '-1', '1e309', '1e3', '0x10', ' 12', '12 ', '', '+1', '1.0', 'NaN'])
      expect(ok(idText(), bad), bad).toBe(false);
    expect(safeParse(idText('bigint'), '2147483648').data).toBe(2_147_483_648);
    expect(ok(idText('bigint'), String(2 ** 53 + 1))).toBe(false);
  });

  it('a bounded whole number in a query', () => {
    expect(safeParse(intText(0, 100), '0').data).toBe(0);
    expect(ok(intText(1, 100), '0')).toBe(false);
    expect(ok(intText(1, 100), '101')).toBe(false);
    expect(ok(intText(-5, 5), '-5')).toBe(true);
  });
});

describe('text blocks', () => {
  const line = text({ max: 10 });
  const lines = text({ max: 10, multiline: true });

  it('refuses U+0000 and lone surrogates everywhere', () => {
    for (const schema of [line, lines]) {
      expect(ok(schema, 'a\u0000b')).toBe(false);
      expect(ok(schema, 'a\ud800b')).toBe(false);
      expect(ok(schema, '\udc00')).toBe(false);
      expect(ok(schema, '🙂')).toBe(true);
    }
  });

  it('single-line text refuses every control character; multi-line keeps tab and line breaks', () => {
    for (const control of ['\t', '\n', '\r', '\u0007', '\u001b', '\u007f', '\u0085'])
      expect(ok(line, `a${control}b`), JSON.stringify(control)).toBe(false);
    for (const kept of ['\t', '\n', '\r']) expect(ok(lines, `a${kept}b`)).toBe(true);
    for (const refused of ['\u0007', '\u001b', '\u007f', '\u0085']) expect(ok(lines, `a${refused}b`)).toBe(false);
  });

  it('bounds the length, after trimming when asked', () => {
    expect(ok(line, 'x'.repeat(11))).toBe(false);
    expect(safeParse(text({ max: 3, min: 1, trim: true }), '  ab  ').data).toBe('ab');
    expect(ok(text({ max: 3, min: 1, trim: true }), '   ')).toBe(false);
  });
});

describe('free-form JSON', () => {
  const limits = { maxDepth: 4, maxBytes: 200 };

  it('is capped in depth without recursion, whatever the depth', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonProblem(deep, limits)?.message).toMatch(/at most 4 deep/);
    expect(jsonProblem({ a: { b: { c: 1 } } }, limits)).toBeNull();
  });

  it('is capped in size, and names where a bad string is', () => {
    expect(jsonProblem({ a: 'x'.repeat(300) }, limits)?.message).toMatch(/at most 200 bytes/);
    expect(jsonProblem({ a: [1, 'ok', 'bad\u0000'] }, limits)).toEqual({
      path: ['a', 2],
      message: expect.stringMatching(/U\+0000/),
    });
    expect(jsonProblem({ ['k\ud800']: 1 }, limits)?.message).toMatch(/key/);
  });

  it('as a schema, reports the problem at its path', () => {
    const result = safeParse(jsonObject(limits), { step: { name: 'a\u0000' } });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['step', 'name']);
  });

  it('JSON text is measured for nesting before it is parsed; brackets inside strings do not count', () => {
    expect(jsonNestingExceeds(nested(32), 32)).toBe(false);
    expect(jsonNestingExceeds(nested(33), 32)).toBe(true);
    expect(jsonNestingExceeds(nested(5000), 32)).toBe(true);
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 32)).toBe(false);
  });
});
