import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';

/**
 * The calls open to visitors who are not signed in (the logged-out cancellation request, its
 * captcha challenge, and the anonymous analytics and error reports) are limited per client.
 * Over the limit the answer is 429 with the documented error body and a Retry-After; the count
 * lives in the database, so a second server process on the same database refuses as well.
 */

const LIMIT = 2;
const LIMITS = {
  RATE_LIMIT_CANCELLATION: String(LIMIT),
  RATE_LIMIT_TELEMETRY: String(LIMIT),
  RATE_LIMIT_CAPTCHA: String(LIMIT),
};

interface PublicCall {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Valid or not: the limit is counted before the body is read, so a flood of junk is limited too. */
  body?: unknown;
  /** The window the call's limit counts in. */
  windowSeconds: number;
}

const PUBLIC_CALLS: PublicCall[] = [
  {
    label: 'logged-out cancellation request',
    method: 'POST',
    path: '/api/v2/subscriptions/cancel',
    body: { email_address: 'flood@example.org' },
    windowSeconds: 600,
  },
  { label: 'captcha challenge', method: 'GET', path: '/api/captcha/challenge', windowSeconds: 600 },
  {
    label: 'anonymous analytics event',
    method: 'POST',
    path: '/api/events',
    body: { user_id: 'anonymous-visitor', event_name: 'screen viewed' },
    windowSeconds: 60,
  },
  {
    label: 'anonymous error report',
    method: 'POST',
    path: '/api/log',
    body: {
      CurrentURL: 'http://localhost/payment/pricing',
      ErrorType: 'js',
      MethodName: 'render',
      ErrorMessage: 'boom',
    },
    windowSeconds: 60,
  },
];

type Fetch = (path: string, init?: RequestInit) => Response | Promise<Response>;

const request = async (fetch: Fetch, call: PublicCall, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(
    call.path,
    call.method === 'GET'
      ? { headers }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(call.body),
        },
  );

async function expectLimited(response: Response, call: PublicCall) {
  expect(response.status, call.label).toBe(429);
  expect(await response.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter, 'Retry-After in whole seconds').toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  // The sliding window lets the current window's hits fade through the next one, never longer.
  expect(Number(retryAfter)).toBeLessThanOrEqual(2 * call.windowSeconds);
}

describe.each(targets)('rate limits on the logged-out calls (%s)', (target) => {
  let api: TestApi;
  /** Another server process on the same database, as far as the app can tell. */
  let second: Fetch;
  /** The same, behind a proxy it trusts (TRUST_PROXY=1): the client is X-Forwarded-For. */
  let proxied: Fetch;

  beforeAll(async () => {
    api = await startTestApi(target, LIMITS);
    const other = createApp({ db: api.db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...LIMITS }) });
    second = (path, init) => other.request(`http://localhost${path}`, init);
    const behindProxy = createApp({
      db: api.db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1', ...LIMITS }),
    });
    proxied = (path, init) => behindProxy.request(`http://localhost${path}`, init);
  });
  afterAll(() => api?.close());

  it.each(PUBLIC_CALLS)(
    '$label: the call over the limit gets 429 with Retry-After, here and on a second process; the count is in the database',
    async (call) => {
      // Each call starts from zero (the two telemetry calls share one count by design).
      await api.db.query('delete from rate_limits');

      for (let n = 1; n <= LIMIT; n += 1) {
        const response = await request(api.raw, call);
        expect(response.status, `${call.label}: request ${n} of ${LIMIT}`).not.toBe(429);
      }
      await expectLimited(await request(api.raw, call), call);

      const stored = await api.db.query<{ bucket: string; hits: number }>(
        'select bucket, hits from rate_limits where hits > $1',
        [LIMIT],
      );
      expect(stored, 'one counter over the limit, kept in the database').toHaveLength(1);

      // A fresh app on the same database knows nothing in memory, yet refuses at once.
      await expectLimited(await request(second, call), call);
      // A forged X-Forwarded-For does not make a new client when no proxy is trusted.
      await expectLimited(await request(api.raw, call, { 'x-forwarded-for': '198.51.100.23' }), call);
    },
  );

  it.each(PUBLIC_CALLS)('$label: requests just before a window started still count just after it', async (call) => {
    await api.db.query('delete from rate_limits');
    for (let n = 1; n <= LIMIT; n += 1) expect((await request(api.raw, call)).status).not.toBe(429);
    // As if those requests, and a flood with them, came in the window before this one.
    await api.db.query(
      `update rate_limits set hits = 1000000, window_start = window_start - make_interval(secs => $1)`,
      [call.windowSeconds],
    );
    await expectLimited(await request(api.raw, call), call);
  });

  it('behind a trusted proxy each forwarded client has its own count', async () => {
    const call = PUBLIC_CALLS[1]!;
    for (let n = 1; n <= LIMIT; n += 1)
      expect((await request(proxied, call, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
    await expectLimited(await request(proxied, call, { 'x-forwarded-for': '203.0.113.5' }), call);
    expect((await request(proxied, call, { 'x-forwarded-for': '203.0.113.6' })).status).toBe(200);
  });

  it('the limits come from the server configuration, with defaults', () => {
    const defaults = loadConfig({}).rateLimits;
    expect(defaults.cancellationRequest).toBe(20);
    expect(defaults.captchaChallenge).toBeGreaterThanOrEqual(defaults.cancellationRequest);
    expect(api.config.rateLimits).toMatchObject({
      cancellationRequest: LIMIT,
      guestTelemetry: LIMIT,
      captchaChallenge: LIMIT,
    });
  });
});
