import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { issueChallenge } from '../../server/services/captcha';
import { captchaChallenge } from '../../src/api/schemas/captcha';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api-client';
import { decodeCaptcha, encodeCaptcha, solveCaptcha, solveCaptchaChallenge } from '../support/captcha';
import { targets } from '../support/databases';
import { countRows, snapshot } from '../support/snapshot';

const CANCEL = '/api/v2/subscriptions/cancel';
/** Everything a cancellation request may write, besides the rate-limit counters. */
const WRITES = ['cancellation_requests', 'outbox_emails', 'subscriptions', 'users', 'captcha_solutions'];
const CANCELLATION_NUMBER = /^CN\d{14}$/;
/** Many requests from one client here; the rate limit has its own test. */
const NO_RATE_LIMIT = { RATE_LIMIT_CANCELLATION: '10000' };
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');

/** A second server app on the same database: another process, as far as the app can tell. */
function secondApp(api: TestApi, env: Record<string, string> = {}) {
  const app = createApp({
    db: api.db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...NO_RATE_LIMIT, ...env }),
  });
  const call = async (path: string, init?: RequestInit): Promise<ApiResponse<any>> => {
    const response = await app.request(`http://localhost${path}`, init);
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  return {
    get: (path: string) => call(path),
    post: (path: string, body: unknown) =>
      call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

describe.each(targets)('the ALTCHA captcha on the logged-out cancellation request (%s)', (target) => {
  let api: TestApi;
  let serial = 0;
  /** A request right in every field, unique to the test (its own account id), with the captcha given. */
  const request = (captcha: string | undefined, overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      email_address: `visitor${serial}@example.org`,
      portal_id: 1,
      account_id: `7700${serial}`,
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:15:00',
      ...(captcha === undefined ? {} : { captcha }),
      ...overrides,
    };
  };
  const expectCaptchaRefused = (response: ApiResponse, code: string) => {
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body).toEqual({
      error: { code, message: expect.any(String), fields: { captcha: expect.stringMatching(/\S/) } },
    });
  };

  beforeAll(async () => {
    api = await startTestApi(target, NO_RATE_LIMIT);
  });
  afterAll(() => api?.close());

  describe('GET /api/captcha/challenge', () => {
    it('answers a fresh signed PBKDF2 challenge that expires in 10 minutes, never cached, no cookie', async () => {
      const response = await api.raw('/api/captcha/challenge');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('set-cookie')).toBeNull();
      const challenge = await response.json();
      expect(captchaChallenge.safeParse(challenge).success).toBe(true);
      expect(challenge).toEqual({
        parameters: {
          algorithm: 'PBKDF2/SHA-256',
          cost: 1000,
          expiresAt: expect.any(Number),
          keyLength: 32,
          keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
          keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
          nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
          salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(challenge.parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(590);
      expect(challenge.parameters.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(600);
      const other = (await api.get('/api/captcha/challenge')).body;
      expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
      expect(other.signature).not.toBe(challenge.signature);
    });

    it('is moderate work: a few hundred tries, well under a second here', async () => {
      const challenge = (await api.get('/api/captcha/challenge')).body;
      const started = performance.now();
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution!.counter).toBeGreaterThanOrEqual(100);
      expect(solution!.counter).toBeLessThanOrEqual(700);
      expect(performance.now() - started).toBeLessThan(3000);
    });

    it('the HMAC key lives in the database (made once by the migration), never in an answer', async () => {
      const rows = await api.db.query<{ secret: string }>(
        `select secret from server_secrets where name = 'captcha_hmac'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(await migrate(api.db)).toEqual([]);
      expect(await api.db.query(`select secret from server_secrets where name = 'captcha_hmac'`)).toEqual(rows);
      const text = JSON.stringify((await api.get('/api/captcha/challenge')).body);
      expect(text).not.toContain(rows[0]!.secret);
    });
  });

  describe('POST v2/subscriptions/cancel', () => {
    it('a missing captcha: 400 naming captcha, and nothing is written', async () => {
      const before = await snapshot(api.db, WRITES);
      const response = await api.post(CANCEL, request(undefined));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { captcha: 'required' } },
      });
      for (const captcha of ['', 'x'.repeat(4001), 'not base64!', 17, null]) {
        const bad = await api.post(CANCEL, request(undefined, { captcha }));
        expect(bad.status).toBe(400);
        expect(Object.keys(bad.body.error.fields)).toEqual(['captcha']);
      }
      expect(await snapshot(api.db, WRITES)).toEqual(before);
    });

    it('forged or tampered payloads: 400 CAPTCHA_INVALID naming captcha, and nothing is written', async () => {
      const real = decodeCaptcha(await solveCaptcha(api));
      const forgedChallenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1000,
        counter: 150,
        deriveKey,
        expiresAt: new Date(Date.now() + 600_000),
        hmacSignatureSecret: 'a key that is not the server key',
        hmacKeySignatureSecret: 'another key that is not the server key',
      });
      const { parameters, signature } = real.challenge;
      const forged: [string, string][] = [
        ['signed with another key', await solveCaptchaChallenge(forgedChallenge)],
        [
          'expiry pushed out',
          encodeCaptcha(
            { parameters: { ...parameters, expiresAt: parameters.expiresAt! + 86_400 }, signature },
            real.solution,
          ),
        ],
        ['easier work', encodeCaptcha({ parameters: { ...parameters, cost: 1 }, signature }, real.solution)],
        [
          'key signature dropped',
          encodeCaptcha({ parameters: { ...parameters, keySignature: undefined }, signature }, real.solution),
        ],
        [
          'wrong counter and key',
          encodeCaptcha(real.challenge, { counter: real.solution.counter + 1, derivedKey: '00'.repeat(32) }),
        ],
        ['no signature', b64({ challenge: { parameters }, solution: real.solution })],
        ["the widget's test mode", b64({ challenge: null, solution: null, test: true })],
        ['an ALTCHA v1 payload', b64({ algorithm: 'SHA-256', challenge: 'ab', number: 1, salt: 'x', signature: 'cd' })],
        ['not JSON', b64('hello')],
        ['a JSON array', b64([1, 2])],
      ];
      const before = await snapshot(api.db, WRITES);
      for (const [label, captcha] of forged) {
        const response = await api.post(CANCEL, request(captcha));
        expect(response.status, label).toBe(400);
        expectCaptchaRefused(response, 'CAPTCHA_INVALID');
      }
      expect(await snapshot(api.db, WRITES)).toEqual(before);
      // The real one, untouched, still works.
      expect((await api.post(CANCEL, request(encodeCaptcha(real.challenge, real.solution)))).status).toBe(201);
    });

    it('an expired solution: 400 CAPTCHA_EXPIRED, and nothing is written', async () => {
      // Signed with the server's own key, issued eleven minutes ago.
      const old = await issueChallenge(api.db, api.config.captcha, new Date(Date.now() - 11 * 60_000));
      const captcha = await solveCaptchaChallenge(old as Challenge);
      const before = await snapshot(api.db, WRITES);
      expectCaptchaRefused(await api.post(CANCEL, request(captcha)), 'CAPTCHA_EXPIRED');
      expect(await snapshot(api.db, WRITES)).toEqual(before);
    });

    it('a challenge solved in time but sent after its expiry is refused too', async () => {
      const quick = secondApp(api, { CAPTCHA_TTL_SECONDS: '1' });
      const captcha = await solveCaptcha(quick);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = await snapshot(api.db, WRITES);
      expectCaptchaRefused(await quick.post(CANCEL, request(captcha)), 'CAPTCHA_EXPIRED');
      expectCaptchaRefused(await api.post(CANCEL, request(captcha)), 'CAPTCHA_EXPIRED');
      expect(await snapshot(api.db, WRITES)).toEqual(before);
    });

    it('a valid solution works once; on another request it is a replay: 400 CAPTCHA_REPLAYED, nothing written', async () => {
      const captcha = await solveCaptcha(api);
      const first = await api.post(CANCEL, request(captcha));
      expect(first.status).toBe(201);
      expect(first.body.CancellationNumber).toMatch(CANCELLATION_NUMBER);
      expect(
        await countRows(api.db, 'captcha_solutions', 'cancellation_number = $1', [first.body.CancellationNumber]),
      ).toBe(1);

      const before = await snapshot(api.db, WRITES);
      expectCaptchaRefused(await api.post(CANCEL, request(captcha)), 'CAPTCHA_REPLAYED');
      // A different date or reason makes a different request, too.
      expectCaptchaRefused(
        await api.post(CANCEL, {
          ...request(captcha),
          email_address: first.body.EmailAddress,
          account_id: first.body.AccountId,
          is_extraordinary_cancellation: true,
          cancellation_reason: 'x',
        }),
        'CAPTCHA_REPLAYED',
      );
      expect(await snapshot(api.db, WRITES)).toEqual(before);
    });

    it('the identical request twice (double click) gives the same receipt and stores one request', async () => {
      const body = request(await solveCaptcha(api));
      const first = await api.post(CANCEL, body);
      const second = await api.post(CANCEL, body);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body).toEqual(first.body);
      expect(first.body).toEqual({
        CancellationNumber: expect.stringMatching(CANCELLATION_NUMBER),
        ReceivedAt: expect.any(String),
        EffectiveDate: null,
        AccountId: body.account_id,
        EmailAddress: body.email_address,
        IsExtraordinary: false,
      });
      expect(await countRows(api.db, 'cancellation_requests', 'account_id = $1', [body.account_id])).toBe(1);
      expect(await countRows(api.db, 'outbox_emails', 'to_address = $1', [body.email_address])).toBe(1);
      expect(
        await countRows(api.db, 'captcha_solutions', 'cancellation_number = $1', [first.body.CancellationNumber]),
      ).toBe(1);
    });

    it('the identical request sent twice at once gives one receipt and one record', async () => {
      const body = request(await solveCaptcha(api));
      const answers = await Promise.all([api.post(CANCEL, body), api.post(CANCEL, body)]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(answers[1]!.body).toEqual(answers[0]!.body);
      expect(await countRows(api.db, 'cancellation_requests', 'account_id = $1', [body.account_id])).toBe(1);
    });

    it('one captcha on two different requests at once: exactly one gets through', async () => {
      const captcha = await solveCaptcha(api);
      const bodies = [request(captcha), request(captcha)];
      const answers = await Promise.all(bodies.map((b) => api.post(CANCEL, b)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
      expectCaptchaRefused(
        answers.find((a) => a.status === 400)!,
        'CAPTCHA_REPLAYED',
      );
      expect(
        await countRows(api.db, 'cancellation_requests', 'account_id = any($1)', [bodies.map((b) => b.account_id)]),
      ).toBe(1);
    });

    it('a retry of a request already received, with a new captcha, answers the first receipt and leaves that captcha unused', async () => {
      const body = request(await solveCaptcha(api));
      const first = await api.post(CANCEL, body);
      expect(first.status).toBe(201);
      const fresh = await solveCaptcha(api);
      const before = await snapshot(api.db, WRITES);
      const retry = await api.post(CANCEL, {
        ...body,
        captcha: fresh,
        cancellation_request_time: '2026-11-22T10:19:00',
      });
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(await snapshot(api.db, WRITES)).toEqual(before);
      // Nothing was used up, so the fresh captcha still lets one new request through.
      expect((await api.post(CANCEL, request(fresh))).status).toBe(201);
    });

    it('a retry still needs a captcha that verifies: the receipt is not handed out without one', async () => {
      const body = request(await solveCaptcha(api));
      expect((await api.post(CANCEL, body)).status).toBe(201);
      expect((await api.post(CANCEL, { ...body, captcha: undefined })).status).toBe(400);
      expectCaptchaRefused(await api.post(CANCEL, { ...body, captcha: b64('forged') }), 'CAPTCHA_INVALID');
    });
  });

  describe('more than one server process', () => {
    it("two server apps on the same database accept each other's challenges, and share what was used", async () => {
      const other = secondApp(api);
      const fromA = await solveCaptcha(api);
      const fromB = await solveCaptcha(other);
      const onB = await other.post(CANCEL, request(fromA));
      expect(onB.status, JSON.stringify(onB.body)).toBe(201);
      const onA = await api.post(CANCEL, request(fromB));
      expect(onA.status, JSON.stringify(onA.body)).toBe(201);
      // Used on B, so refused on A, and the other way round.
      expectCaptchaRefused(await api.post(CANCEL, request(fromA)), 'CAPTCHA_REPLAYED');
      expectCaptchaRefused(await other.post(CANCEL, request(fromB)), 'CAPTCHA_REPLAYED');
    });

    it('CAPTCHA_HMAC_KEY takes the place of the stored key, shared by every process given it', async () => {
      const key = 'k'.repeat(16) + 'e'.repeat(16) + 'y'.repeat(16);
      const [one, two] = [secondApp(api, { CAPTCHA_HMAC_KEY: key }), secondApp(api, { CAPTCHA_HMAC_KEY: key })];
      expect((await two.post(CANCEL, request(await solveCaptcha(one)))).status).toBe(201);
      // The key in the database and the key from the environment do not accept each other's challenges.
      expectCaptchaRefused(await api.post(CANCEL, request(await solveCaptcha(one))), 'CAPTCHA_INVALID');
      expectCaptchaRefused(await one.post(CANCEL, request(await solveCaptcha(api))), 'CAPTCHA_INVALID');
      expect(() => loadConfig({ CAPTCHA_HMAC_KEY: 'short' })).toThrow(/CAPTCHA_HMAC_KEY/);
    });
  });

  describe('without the stored key', () => {
    let lonely: TestApi;
    beforeAll(async () => {
      lonely = await startTestApi(target, NO_RATE_LIMIT);
    });
    afterAll(() => lonely?.close());

    it('a server makes a new key when the row is gone; challenges signed with the old one are then refused', async () => {
      const before = await solveCaptcha(lonely);
      await lonely.db.query(`delete from server_secrets where name = 'captcha_hmac'`);
      const after = await solveCaptcha(lonely);
      expect(await countRows(lonely.db, 'server_secrets', `name = 'captcha_hmac'`)).toBe(1);
      expectCaptchaRefused(await lonely.post(CANCEL, request(before)), 'CAPTCHA_INVALID');
      expect((await lonely.post(CANCEL, request(after))).status).toBe(201);
    });
  });
});
