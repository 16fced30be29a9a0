import { describe, expect, it } from 'vitest';
import { errorLogBody } from '../../src/api/schemas/events';
import {
  bareUrl,
  buildErrorLogBody,
  createErrorLogLimiter,
  describeThrown,
  scrub,
  type ErrorLogContext,
} from '../../src/analytics/error-log';

const context: ErrorLogContext = {
  href: 'https://example.test/payment/cancellation/request?mailto=amFuZUBleGFtcGxlLmNvbQ==&email=jane@example.com#top',
  referrer: 'https://search.test/results?q=jane%40example.com',
  userUid: '3f2b8a4e-1111-4222-8333-444455556666',
  portalId: 12,
  accountId: '4711',
  device: 'Desktop',
};

describe('error log body (§3 Error log)', () => {
  it('carries the spec fields and passes the API schema', () => {
    const body = buildErrorLogBody('error', new TypeError('x is undefined'), context);
    expect(body).toEqual({
      CurrentURL: 'https://example.test/payment/cancellation/request',
      ReferrerURL: 'https://search.test/results',
      UserUID: context.userUid,
      PortalID: 12,
      ErrorType: 'UnhandledError',
      MethodName: 'TypeError',
      ErrorMessage: 'x is undefined',
      Device: 'Desktop',
    });
    expect(errorLogBody.safeParse(body).success).toBe(true);
  });

  it('never includes an e-mail address or the account id', () => {
    const body = buildErrorLogBody(
      'unhandledrejection',
      new Error('No account 4711 for Jane.Doe+x@Example.co.uk (accountId=99887766, account_id: "12")'),
      context,
    );
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@/);
    expect(text).not.toContain('4711');
    expect(text).not.toContain('99887766');
    expect(text).not.toContain('"12"');
    expect(body.ErrorType).toBe('UnhandledRejection');
    expect(body.ErrorMessage).toBe('No account [account] for [email] (accountId=[account], account_id: "[account]")');
  });

  it('scrubs IP-literal e-mails and long numbers', () => {
    expect(scrub('to a@[192.168.0.1] ref 1234567')).toBe('to [email] ref [number]');
    expect(scrub('line 42:17')).toBe('line 42:17');
  });

  it('leaves out a missing referrer and a missing portal', () => {
    const body = buildErrorLogBody('error', 'boom', { ...context, referrer: '', portalId: null });
    expect(body).not.toHaveProperty('ReferrerURL');
    expect(body).not.toHaveProperty('PortalID');
    expect(body.ErrorMessage).toBe('boom');
  });

  it('describes anything thrown', () => {
    expect(describeThrown(undefined, 'Script error.')).toEqual({ name: 'Error', message: 'Script error.' });
    expect(describeThrown({ code: 1 })).toEqual({ name: 'Error', message: '{"code":1}' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeThrown(circular).message).toBe('[object Object]');
  });

  it('keeps only origin and path of an address', () => {
    expect(bareUrl('')).toBe('');
    expect(bareUrl('not a url?x=1')).toBe('not a url');
  });

  it('reports each message once and at most a few per page', () => {
    const allow = createErrorLogLimiter(2);
    const body = (m: string) => buildErrorLogBody('error', new Error(m), context);
    expect(allow(body('a'))).toBe(true);
    expect(allow(body('a'))).toBe(false);
    expect(allow(body('b'))).toBe(true);
    expect(allow(body('c'))).toBe(false);
  });
});
