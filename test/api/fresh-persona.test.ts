import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { countRows, snapshot } from '../support/snapshot';
import { sessionCookieFrom } from '../support/session-cookie';

const COPY_UID = /^5eed[0-9a-f]{4}-[0-9a-f]{4}-4000-8000-[0-9a-f]{12}$/;
/** Every table that holds something of a person. */
const PERSON_TABLES = [
  'users',
  'user_preferences',
  'subscriptions',
  'transactions',
  'documents',
  'review_orders',
  'free_reviews',
] as const;

/** GET /api/demo/session?persona=<id>&fresh=1: a brand-new copy of the persona, signed in. */
describe.each(targets)('fresh persona copies (%s)', (target) => {
  let api: TestApi;

  const signInFresh = async (persona: string, next = '/payment/pricing') => {
    const response = await api.raw(`/api/demo/session?persona=${persona}&fresh=1&next=${encodeURIComponent(next)}`);
    const cookie = sessionCookieFrom(response);
    return { response, cookie: cookie!, claims: cookie ? (await api.get('/api/users/claims', cookie)).body : null };
  };
  /** The rows of one user in every person table. */
  const rowsOf = async (uid: string) => {
    const rows: Record<string, unknown[]> = {};
    for (const table of PERSON_TABLES)
      rows[table] = await api.db.query(`select * from ${table} where user_uid = $1 order by 1`, [uid]);
    return rows;
  };

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  it('two fresh sign-ins as new-us give two different new users with the persona’s attributes, and leave new-us untouched', async () => {
    const original = await rowsOf(PERSONA_UID['new-us']);
    const first = await signInFresh('new-us');
    const second = await signInFresh('new-us');

    for (const { response, claims } of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/payment/pricing');
      expect(claims).toMatchObject({
        Role: 'user',
        FirstName: 'Nora',
        LastName: 'Newman',
        AccDisplayName: 'Nora N.',
        UserType: 'NEW',
        CountryCD: 'US',
        CultureCD: 'en-US',
        CurrencyCD: 'USD',
        CurrencySymbol: '$',
        PortalCD: 'RNUS',
        SubRole: null,
      });
      expect(claims.UserUID).toMatch(COPY_UID);
      expect(claims.UserUID).not.toBe(PERSONA_UID['new-us']);
      expect(claims.AccountID).toMatch(/^\d{1,128}$/);
      expect(claims.EmailAddress).toMatch(/^nora\.newman\+\d+@example\.com$/);
    }
    expect(second.claims.UserUID).not.toBe(first.claims.UserUID);
    expect(second.claims.AccountID).not.toBe(first.claims.AccountID);
    expect(second.claims.EmailAddress).not.toBe(first.claims.EmailAddress);

    for (const { cookie, claims } of [first, second]) {
      const uid = claims.UserUID as string;
      // Never subscribed, no billing history.
      expect(
        (await api.get(`/api/subscriptions?userUID=${uid}&isCurrentOnly=false`, cookie)).body.Subscriptions,
      ).toEqual([]);
      expect((await api.get(`/api/payments/${uid}/transactions`, cookie)).body.total).toBe(0);
      expect((await api.get('/api/payments/alreadysubscribeduser', cookie)).body.IsAlreadySubscribed).toBe(false);
      // The persona's one resume, under an id derived from the copy's own uid.
      const documents = (await api.get(`/api/documents/list?userUID=${uid}`, cookie)).body.Documents;
      expect(documents).toEqual([
        expect.objectContaining({
          DocTypeCD: 'RSME',
          Name: 'Nora Newman Resume',
          JobTitle: 'Project Manager',
          CultureCD: 'en-US',
        }),
      ]);
      expect(documents[0].DocumentID).toBe(uid.replace(/^5eed/, 'd0c1').replace('-8000-', '-8001-'));
      expect((await api.get(`/api/documents/metadata?documentId=${documents[0].DocumentID}`, cookie)).status).toBe(200);
      const preferences = (await api.get(`/api/users/${uid}/preferences`, cookie)).body.Preferences;
      expect(preferences).toEqual([expect.objectContaining({ code: 'LOW_INTENT_USER', value: 'false' })]);
    }

    // The copy is nobody's persona: not listed, and signing in as new-us still gives the original.
    const personas = (await api.get('/api/demo/personas')).body.Personas;
    expect(personas.filter((p: { id: string }) => p.id === 'new-us')).toHaveLength(1);
    expect(personas).toHaveLength(10);
    expect((await api.get('/api/users/claims', await api.signIn('new-us'))).body).toMatchObject({
      UserUID: PERSONA_UID['new-us'],
      EmailAddress: 'nora.newman@example.com',
    });
    expect(await rowsOf(PERSONA_UID['new-us'])).toEqual(original);
  });

  it('a copy can be changed without touching the persona: paying makes only the copy Active', async () => {
    const before = await rowsOf(PERSONA_UID['new-us']);
    const { cookie, claims } = await signInFresh('new-us');
    const paid = await api.post(
      '/api/payments',
      {
        user_uid: claims.UserUID,
        sku_id: 103,
        session_guid: crypto.randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      },
      cookie,
    );
    expect(paid.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'SUCC' });
    expect((await api.get('/api/users/claims', cookie)).body.UserType).toBe('ACTV');
    expect(await rowsOf(PERSONA_UID['new-us'])).toEqual(before);
  });

  it('copies of a persona with history bring its plans, charges and cancellation, each under its own numbers', async () => {
    const persona = await api.get(
      `/api/payments/${PERSONA_UID['expiring-us']}/transactions?top=100`,
      await api.signIn('expiring-us'),
    );
    const copies = [await signInFresh('expiring-us'), await signInFresh('expiring-us')];
    for (const { cookie, claims } of copies) {
      expect(claims).toMatchObject({ FirstName: 'Eli', UserType: 'EXPR', CountryCD: 'US' });
      const subscriptions = (await api.get(`/api/subscriptions?userUID=${claims.UserUID}&isCurrentOnly=true`, cookie))
        .body.Subscriptions;
      expect(subscriptions).toEqual([expect.objectContaining({ StatusCD: 'EXPR', CancelledOn: expect.any(String) })]);
      const history = (await api.get(`/api/payments/${claims.UserUID}/transactions?top=100`, cookie)).body;
      expect(history.total).toBe(persona.body.total);
    }
    const numbers = await api.db.query<{ cancellation_number: string }>(
      'select cancellation_number from subscriptions where user_uid = any($1::uuid[]) and cancellation_number is not null',
      [[PERSONA_UID['expiring-us'], ...copies.map((c) => c.claims.UserUID)]],
    );
    expect(new Set(numbers.map((n) => n.cancellation_number)).size).toBe(3);
  });

  it('an unknown persona is 400 and creates nobody; next never leaves the server', async () => {
    const before = await snapshot(api.db, [...PERSON_TABLES, 'sessions']);
    const unknown = await api.raw('/api/demo/session?persona=nobody&fresh=1');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { persona: expect.any(String) } },
    });
    expect(await snapshot(api.db, [...PERSON_TABLES, 'sessions'])).toEqual(before);

    const offSite = await signInFresh('new-in', 'https://evil.example/');
    expect(offSite.response.headers.get('location')).toBe('/dashboard');
    expect(offSite.claims).toMatchObject({
      FirstName: 'Arjun',
      CountryCD: 'IN',
      CurrencyCD: 'INR',
      CultureCD: 'en-IN',
    });
  });

  it('fresh=0 signs in as the persona itself', async () => {
    const users = await countRows(api.db, 'users');
    const response = await api.raw('/api/demo/session?persona=new-us&fresh=0');
    expect((await api.get('/api/users/claims', sessionCookieFrom(response))).body.UserUID).toBe(PERSONA_UID['new-us']);
    expect(await countRows(api.db, 'users')).toBe(users);
  });
});

describe('fresh persona copies with demo sign-in switched off', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'production' });
  });
  afterAll(() => api?.close());

  it('answers 404 and creates nobody', async () => {
    const users = await countRows(api.db, 'users');
    const response = await api.raw('/api/demo/session?persona=new-us&fresh=1');
    expect(response.status).toBe(404);
    expect(sessionCookieFrom(response)).toBeUndefined();
    expect(await countRows(api.db, 'users')).toBe(users);
  });
});
