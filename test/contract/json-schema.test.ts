import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { caseInsensitiveSource, jsonSchemaOf } from '../../server/openapi/json-schema';
import { uuid } from '../../src/api/schemas/common';
import { emailAddress } from '../../src/api/schemas/subscriptions';
import { CANCELLATION_REPORT_EVENT, eventBody } from '../../src/api/schemas/events';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { intakeBody } from '../../src/api/schemas/services';
import { cancellationRequestBody } from '../../src/api/schemas/subscriptions';
import { transactionsQuery } from '../../src/api/schemas/payments';
import { idText } from '../../src/api/schemas/blocks';

describe('zod schemas as JSON Schema', () => {
  it.each(['^[0-9a-f]{8}-[0-9a-f]{4}$', '^ab\\d[^x-z]c$', '^(?:foo|Bar)[A-F]+\\.txt$'])(
    'rewrites %s to match without the i flag what it matched with it',
    (source) => {
      const withFlag = new RegExp(source, 'i');
      const folded = new RegExp(caseInsensitiveSource(source));
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxyzXYZoOrR.-tT'), maxLength: 16 }),
          (text) => {
            expect(folded.test(text)).toBe(withFlag.test(text));
          },
        ),
        { numRuns: 500, seed: 7 },
      );
      expect(folded.test('0123ABCD-ef01')).toBe(withFlag.test('0123ABCD-ef01'));
    },
  );

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
    const property = (jsonSchemaOf(eventBody, 'input').properties as Record<string, { allOf?: { pattern: string }[] }>)
      .event_name!;
    const patterns = (property.allOf ?? []).map((p) => new RegExp(p.pattern, 'u'));
    for (const name of [
      CANCELLATION_REPORT_EVENT,
      CANCELLATION_REPORT_EVENT.toUpperCase(),
      ` ${CANCELLATION_REPORT_EVENT} `,
      `${CANCELLATION_REPORT_EVENT}!`,
      'subscription cancelled on web',
    ]) {
      const server = eventBody.safeParse({ user_id: 'a', event_name: name }).success;
      expect(
        patterns.every((p) => p.test(name)),
        name,
      ).toBe(server);
    }
    expect(eventBody.safeParse({ user_id: 'a', event_name: CANCELLATION_REPORT_EVENT.toUpperCase() }).success).toBe(
      false,
    );
  });

  describe("the issue's examples: what the server refuses, the document refuses", () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    const bothRefuse = (schema: Parameters<typeof jsonSchemaOf>[0], value: unknown, documented: unknown = value) => {
      expect(z.safeParse(schema, value).success, 'the server').toBe(false);
      expect(ajv.validate(jsonSchemaOf(schema, 'input'), documented), 'the document').toBe(false);
    };
    const answers = { targetJobTitle: 'Line cook', yearsExperience: 3, industry: '', companyName: '', comments: '' };
    const request = {
      email_address: 'a@example.org',
      portal_id: 1,
      account_id: '12',
      cancellation_request_time: '2026-11-22T10:00',
      captcha: 'YQ==',
    };

    it('targetJobTitle of one character, or blank, on an intake', () => {
      bothRefuse(intakeBody, { service: 'RSTUNE', answers: { ...answers, targetJobTitle: '1' } });
      bothRefuse(intakeBody, { service: 'RSTUNE', answers: { ...answers, targetJobTitle: '   ' } });
      expect(ajv.validate(jsonSchemaOf(intakeBody, 'input'), { service: 'RSTUNE', answers })).toBe(true);
    });

    it('a cancellation reason on an ordinary cancellation', () => {
      bothRefuse(cancellationRequestBody, {
        ...request,
        is_extraordinary_cancellation: false,
        cancellation_reason: 'moving',
      });
      expect(
        cancellationRequestBody.safeParse({
          ...request,
          is_extraordinary_cancellation: true,
          cancellation_reason: 'moving',
        }).success,
      ).toBe(true);
      expect(
        ajv.validate(jsonSchemaOf(cancellationRequestBody, 'input'), {
          ...request,
          is_extraordinary_cancellation: true,
          cancellation_reason: 'moving',
        }),
      ).toBe(true);
    });

    it('ids and counts beyond what is stored, and transaction types other than SALE and RFND', () => {
      bothRefuse(idText(), '2147483648', 2147483648);
      bothRefuse(idText('bigint'), '9007199254740992', 9007199254740992);
      expect(
        ajv.validate(jsonSchemaOf(idText(), 'input'), 2147483647) &&
          ajv.validate(jsonSchemaOf(idText('bigint'), 'input'), 9007199254740991),
      ).toBe(true);
      bothRefuse(transactionsQuery, { top: '101' }, { top: 101 });
      bothRefuse(transactionsQuery, { transactionTypes: 'SALE,VOID' }, { transactionTypes: ['SALE', 'VOID'] });
      expect(
        ajv.validate(jsonSchemaOf(transactionsQuery, 'input'), { top: 100, transactionTypes: ['SALE', 'RFND'] }),
      ).toBe(true);
    });
  });
});
