import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { targets } from '../support/databases';
import { countRows, snapshot } from '../support/snapshot';
import { EMPTY_GUID } from '../../src/api/schemas/common';
import { sessionSetCookie } from '../support/session-cookie';

describe.each(targets)('sessions, claims and request origin (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  describe('claims and demo sign-in', () => {
    it('a visitor without a cookie is a guest with the all-zero id', async () => {
      const claims = await api.get('/api/users/claims');
      expect(claims.status).toBe(200);
      expect(claims.body).toMatchObject({
        Role: 'guest',
        UserUID: EMPTY_GUID,
        EmailAddress: '',
        Token: '',
        SessionID: '',
        UserType: 'NEW',
        SubRole: null,
        AccountID: null,
      });
    });

    it("a persona's claims carry their identity, market and user type", async () => {
      const claims = await api.get('/api/users/claims', await api.signIn('active-uk'));
      expect(claims.body).toMatchObject({
        Role: 'user',
        UserUID: PERSONA_UID['active-uk'],
        FirstName: 'Oliver',
        LastName: 'Hughes',
        EmailAddress: 'oliver.hughes@example.co.uk',
        AccDisplayName: 'Oliver H.',
        CountryCD: 'GB',
        CultureCD: 'en-GB',
        CurrencyCD: 'GBP',
        CurrencySymbol: '£',
        PortalCD: 'RNUK',
        PortalID: 2,
        AccountID: '100000007',
        UserType: 'ACTV',
        SubRole: null,
      });
      expect((await api.get('/api/users/claims', await api.signIn('employer'))).body).toMatchObject({
        Role: 'user',
        SubRole: 'Employer',
        UserType: 'NEW',
      });
      expect((await api.get('/api/users/claims', await api.signIn('expired-us'))).body.UserType).toBe('EXPD');
      expect((await api.get('/api/users/claims', await api.signIn('suspended-us'))).body.UserType).toBe('SUSP');
    });

    it('the session cookie is HttpOnly, SameSite=Lax, for the whole site, and the redirect goes to next', async () => {
      const before = await countRows(api.db, 'sessions');
      const response = await api.raw('/api/demo/session?persona=new-us&next=/payment/pricing');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/payment/pricing');
      const cookie = sessionSetCookie(response)!;
      const attributes = cookie.split(';').map((a) => a.trim());
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes).toContain('Path=/');
      expect(attributes).toContain(`Max-Age=${14 * 86400}`);
      expect(attributes).not.toContain('Secure');
      expect(await countRows(api.db, 'sessions')).toBe(before + 1);
    });

    it('next never leaves the server', async () => {
      for (const next of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
        const response = await api.raw(`/api/demo/session?persona=new-us&next=${encodeURIComponent(next)}`);
        expect(response.headers.get('location'), next).toBe('/dashboard');
      }
    });

    it('an unknown persona is 400 and starts no session', async () => {
      const before = await snapshot(api.db, ['sessions']);
      const response = await api.raw('/api/demo/session?persona=nobody');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { persona: expect.any(String) } },
      });
      expect(sessionSetCookie(response)).toBeUndefined();
      expect(await snapshot(api.db, ['sessions'])).toEqual(before);
    });

    it('lists the demo personas of the design', async () => {
      const personas = await api.get('/api/demo/personas');
      expect(personas.body.Personas.map((p: { id: string }) => p.id).sort()).toEqual(Object.keys(PERSONA_UID).sort());
    });

    it('signing out (DELETE) ends the session: the cookie is cleared and claims are a guest again', async () => {
      const cookie = await api.signIn('trial-us');
      const other = await api.signIn('trial-us');
      expect((await api.get('/api/users/claims', cookie)).body.Role).toBe('user');
      const out = await api.raw('/api/demo/session', { method: 'DELETE', headers: { cookie } });
      expect(out.status).toBe(204);
      expect(sessionSetCookie(out)).toMatch(/^rp_session=;.*Max-Age=0/);
      const claims = await api.get('/api/users/claims', cookie);
      expect(claims.body).toMatchObject({ Role: 'guest', UserUID: EMPTY_GUID });
      expect((await api.get(`/api/payments/${PERSONA_UID['trial-us']}/transactions`, cookie)).status).toBe(401);
      // Another session of the same person is not affected.
      expect((await api.get('/api/users/claims', other)).body.UserUID).toBe(PERSONA_UID['trial-us']);
    });

    it('signing in as someone else replaces the session; an expired session is a guest', async () => {
      const first = await api.signIn('new-us');
      const response = await api.raw('/api/demo/session?persona=new-in', { headers: { cookie: first } });
      const second = sessionSetCookie(response)!.split(';')[0]!;
      expect((await api.get('/api/users/claims', first)).body.Role).toBe('guest');
      expect((await api.get('/api/users/claims', second)).body.UserUID).toBe(PERSONA_UID['new-in']);

      await api.db.query(`update sessions set expires_at = now() - interval '1 minute' where session_id = $1`, [
        second.slice('rp_session='.length),
      ]);
      const expired = await api.raw('/api/users/claims', { headers: { cookie: second } });
      expect((await expired.json()).Role).toBe('guest');
    });

    it('the answer to a request sent with a replaced session does not touch the new session cookie', async () => {
      const first = await api.signIn('new-us');
      const response = await api.raw('/api/demo/session?persona=new-us', { headers: { cookie: first } });
      const second = sessionSetCookie(response)!.split(';')[0]!;
      // A request still in flight with the first cookie is answered as a guest, without a Set-Cookie
      // that would clear the second session in the browser's jar.
      const late = await api.raw('/api/users/claims', { headers: { cookie: first } });
      expect((await late.json()).Role).toBe('guest');
      expect(sessionSetCookie(late)).toBeUndefined();
      expect((await api.get('/api/users/claims', second)).body.UserUID).toBe(PERSONA_UID['new-us']);
    });
  });

  describe('origin check', () => {
    let cookie: string;
    const uid = PERSONA_UID['new-us'];
    beforeAll(async () => {
      cookie = await api.signIn('new-us');
    });

    it('a POST from another site is refused with ORIGIN_REJECTED and writes nothing', async () => {
      const tables = ['user_preferences', 'cancellation_requests', 'captcha_solutions', 'events', 'error_logs'];
      const before = await snapshot(api.db, tables);
      const evil = { origin: 'https://evil.example' };
      const preference = await api.post(
        `/api/users/${uid}/savepreference`,
        { code: 'LOW_INTENT_USER', value: 'true' },
        cookie,
        evil,
      );
      expect(preference.status).toBe(403);
      expect(preference.body).toEqual({ error: { code: 'ORIGIN_REJECTED', message: expect.any(String) } });
      const form = await api.post(
        '/api/v2/subscriptions/cancel',
        // Right in every field, with a solved captcha: refused for its origin alone.
        {
          email_address: 'nora.newman@example.com',
          portal_id: 1,
          account_id: '100000001',
          is_extraordinary_cancellation: false,
          cancellation_request_time: '2026-11-22T10:00',
          captcha: await solveCaptcha(api),
        },
        undefined,
        evil,
      );
      expect(form.status).toBe(403);
      expect((await api.post('/api/events', { user_id: uid, event_name: 'x' }, cookie, evil)).status).toBe(403);
      expect(
        (
          await api.post(
            '/api/log',
            { CurrentURL: 'x', ErrorType: 'x', MethodName: 'x', ErrorMessage: 'x' },
            undefined,
            evil,
          )
        ).status,
      ).toBe(403);
      expect(await snapshot(api.db, tables)).toEqual(before);
    });

    it('a DELETE from another site cannot sign the user out', async () => {
      const out = await api.raw('/api/demo/session', {
        method: 'DELETE',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(out.status).toBe(403);
      expect((await api.get('/api/users/claims', cookie)).body.UserUID).toBe(uid);
    });

    it("the server's own origin passes, and so does a GET from anywhere", async () => {
      const own = await api.post(
        `/api/users/${uid}/savepreference`,
        { code: 'LOW_INTENT_USER', value: 'true' },
        cookie,
        { origin: 'http://localhost' },
      );
      expect(own.status).toBe(200);
      expect((await api.get(`/api/users/${uid}/preferences`, cookie)).body.Preferences).toContainEqual(
        expect.objectContaining({ code: 'LOW_INTENT_USER', value: 'true' }),
      );
      const read = await api.raw('/api/skus?countryCD=US', { headers: { origin: 'https://evil.example' } });
      expect(read.status).toBe(200);
    });

    it('API answers are not cached and carry the strict headers', async () => {
      const response = await api.raw('/api/users/claims', { headers: { cookie } });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  describe('in production', () => {
    let production: TestApi;
    let withDemo: TestApi;
    beforeAll(async () => {
      [production, withDemo] = await Promise.all([
        startTestApi(target, { NODE_ENV: 'production', APP_ORIGINS: 'https://app.example' }),
        startTestApi(target, { NODE_ENV: 'production', DEMO_LOGIN: '1' }),
      ]);
    });
    afterAll(async () => {
      await production?.close();
      await withDemo?.close();
    });

    it('demo sign-in is off: 404, no cookie, no session', async () => {
      const before = await countRows(production.db, 'sessions');
      const response = await production.raw('/api/demo/session?persona=new-us&next=/dashboard');
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('DEMO_LOGIN_OFF');
      expect(sessionSetCookie(response)).toBeUndefined();
      expect(await countRows(production.db, 'sessions')).toBe(before);
      expect((await production.get('/api/config/client')).body.demoLogin).toBe(false);
      expect((await production.get('/api/users/claims')).body.Role).toBe('guest');
    });

    it('DEMO_LOGIN=1 turns it on, and the cookie is then Secure as well', async () => {
      const response = await withDemo.raw('/api/demo/session?persona=new-us&next=/dashboard');
      expect(response.status).toBe(302);
      const attributes = sessionSetCookie(response)!
        .split(';')
        .map((a) => a.trim());
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']));
      expect((await withDemo.get('/api/config/client')).body.demoLogin).toBe(true);
    });

    it('a configured app origin may POST, others may not', async () => {
      const log = { CurrentURL: 'https://app.example/payment', ErrorType: 'x', MethodName: 'x', ErrorMessage: 'x' };
      expect((await production.post('/api/log', log, undefined, { origin: 'https://app.example' })).status).toBe(202);
      expect((await production.post('/api/log', log, undefined, { origin: 'https://evil.example' })).status).toBe(403);
      expect(await countRows(production.db, 'error_logs')).toBe(1);
    });
  });
});
