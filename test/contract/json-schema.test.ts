import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { caseInsensitiveSource, jsonSchemaOf } from '../../server/openapi/json-schema';
import { uuid } from '../../src/api/schemas/common';
import { emailAddress } from '../../src/api/schemas/subscriptions';
import { CANCELLATION_REPORT_EVENT, eventBody } from '../../src/api/schemas/events';

describe('zod schemas as JSON Schema', () => {
  it.each(['^[0-9a-f]{8}-[0-9a-f]{4}$', '^ab\\d[^x-z]c$', '^(?:foo|Bar)[A-F]+\\.txt$'])('rewrites %s to match without the i flag what it matched with it', (source) => {
    const withFlag = new RegExp(source, 'i');
    const folded = new RegExp(caseInsensitiveSource(source));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxyzXYZoOrR.-tT'), maxLength: 16 }), (text) => {
        expect(folded.test(text)).toBe(withFlag.test(text));
      }),
      { numRuns: 500, seed: 7 },
    );
    expect(folded.test('0123ABCD-ef01')).toBe(withFlag.test('0123ABCD-ef01'));
  });

  it('writes a GUID so that upper case, which the server accepts, is allowed', () => {
    const pattern = new RegExp(jsonSchemaOf(uuid, 'input').pattern as string);
    expect(pattern.test('5EED0000-0000-4000-8000-00000000000A')).toBe(true);
    expect(pattern.test('not-a-guid')).toBe(false);
  });

  it('writes a pattern checked on text the schema re-cased first to match either case: the server takes Tom@Example.org', () => {
    expect(emailAddress.safeParse('Tom@Example.org').success).toBe(true);
    const pattern = new RegExp(jsonSchemaOf(emailAddress, 'input').pattern as string);
    expect(pattern.test('Tom@Example.org')).toBe(true);
    expect(pattern.test('tom@example')).toBe(false);
    expect(emailAddress.safeParse('tom@example').success).toBe(false);
  });

  it('writes a nullable unknown as anything', () => {
    expect(jsonSchemaOf(z.object({ a: z.nullable(z.unknown()) }), 'output').properties).toEqual({ a: {} });
  });

  it('shows the reserved event name as a pattern, refused in any case and spacing as the server refuses it', () => {
    const property = (jsonSchemaOf(eventBody, 'input').properties as Record<string, { allOf?: { pattern: string }[] }>).event_name!;
    const patterns = (property.allOf ?? []).map((p) => new RegExp(p.pattern, 'u'));
    for (const name of [CANCELLATION_REPORT_EVENT, CANCELLATION_REPORT_EVENT.toUpperCase(), ` ${CANCELLATION_REPORT_EVENT} `, `${CANCELLATION_REPORT_EVENT}!`, 'subscription cancelled on web']) {
      const server = eventBody.safeParse({ user_id: 'a', event_name: name }).success;
      expect(patterns.every((p) => p.test(name)), name).toBe(server);
    }
    expect(eventBody.safeParse({ user_id: 'a', event_name: CANCELLATION_REPORT_EVENT.toUpperCase() }).success).toBe(false);
  });
});
