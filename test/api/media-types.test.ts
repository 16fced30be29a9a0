import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { FOREIGN_ORIGIN, snapshotAll } from '../security/support';
import type { OpenApiDocument } from '../../server/openapi/document';

/**
 * A request body is taken only in a media type its operation lists (application/json), read as
 * UTF-8. Anything else is refused with 415 and the error body before the body is parsed, so
 * nothing is stored: the three requests the issue found taken are here.
 */
const USER = PERSONA_UID['active-us'];

const REFUSED: { label: string; path: string; contentType: string; body: string }[] = [
  // Not the app's beacon: that one sends its Blob as application/json (src/page-at-rest.ts).
  {
    label: 'an analytics event as text/plain',
    path: '/api/events',
    contentType: 'text/plain;charset=UTF-8',
    body: JSON.stringify({ user_id: USER, event_name: 'media type probe' }),
  },
  {
    label: 'a survey answer as a form',
    path: '/api/subscriptions/survey',
    contentType: 'application/x-www-form-urlencoded',
    body: JSON.stringify({ user_uid: USER, reason_cd: 4 }),
  },
  {
    label: 'billing details as CSV',
    path: '/api/payments/billinguser',
    contentType: 'text/csv',
    body: JSON.stringify({ user_uid: USER, first_name: 'Mallory', last_name: 'Evans', country_cd: 'US' }),
  },
  {
    label: 'JSON said to be Latin-1',
    path: '/api/events',
    contentType: 'application/json; charset=latin1',
    body: JSON.stringify({ user_id: USER, event_name: 'media type probe' }),
  },
  {
    label: 'JSON with no Content-Type',
    path: '/api/events',
    contentType: '',
    body: JSON.stringify({ user_id: USER, event_name: 'media type probe' }),
  },
];

describe.each(targets)('request media types (%s)', (target) => {
  let api: TestApi;
  let cookie: string;
  const post = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
    api.raw(path, {
      method: 'POST',
      headers: { cookie, ...(contentType && { 'content-type': contentType }), ...headers },
      body,
    });

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('active-us');
  });
  afterAll(() => api?.close());

  it.each(REFUSED)(
    'refuses $label with 415 and the error body, and stores nothing',
    async ({ path, contentType, body }) => {
      const before = await snapshotAll(api.db);
      const response = await post(path, contentType, body);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('application/json') },
      });
      expect(await snapshotAll(api.db)).toEqual(before);
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;Charset="UTF-8"',
    'application/json; foo=bar',
  ])('takes JSON sent as %s', async (contentType) => {
    const response = await post(
      '/api/events',
      contentType,
      JSON.stringify({ user_id: USER, event_name: 'media type probe' }),
    );
    expect(response.status).toBe(202);
    const [row] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from events where event_name = 'media type probe'`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });

  it("takes the page's own beacon: a Blob typed application/json, from the app's origin", async () => {
    // What Chromium sends for navigator.sendBeacon(url, new Blob([json], { type: 'application/json' })).
    const response = await post(
      '/api/events',
      'application/json',
      JSON.stringify({ user_id: USER, event_name: 'screen viewed', props: { page_code: 'PricingPage' } }),
      { origin: 'http://localhost' },
    );
    expect(response.status).toBe(202);
  });

  it('refuses a text/plain post from a foreign page with 403 first, as before, and stores nothing', async () => {
    const before = await snapshotAll(api.db);
    const response = await post(
      '/api/events',
      'text/plain;charset=UTF-8',
      JSON.stringify({ user_id: USER, event_name: 'media type probe' }),
      { origin: FOREIGN_ORIGIN },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('ORIGIN_REJECTED');
    expect(await snapshotAll(api.db)).toEqual(before);
  });

  it('calls a missing body missing (400), not a wrong media type', async () => {
    const response = await api.raw('/api/events', { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('INVALID_JSON');
  });

  it('documents 415 and the media types it takes on every operation with a body', async () => {
    const document = (await api.get<OpenApiDocument>('/api/openapi.json')).body;
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => ({ where: `${method} ${path}`, operation })),
    );
    expect(withBody.length).toBeGreaterThan(15);
    for (const { where, operation } of withBody) {
      expect(operation.responses['415'], where).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
      expect(Object.keys((operation.requestBody as { content: object }).content), where).toEqual(['application/json']);
    }
  });
});
