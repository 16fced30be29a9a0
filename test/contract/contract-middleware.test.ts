import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { snapshot } from '../support/snapshot';

/** What the contract middleware does before a handler runs, seen from outside. */
describe('a route contract', () => {
  let api: TestApi;
  let cookie: string;
  beforeAll(async () => {
    api = await startTestApi('pglite');
    cookie = await api.signIn('new-us');
  });
  afterAll(() => api?.close());

  it('refuses a body over the limit with 413 and the error body, and writes nothing', async () => {
    const before = await snapshot(api.db, ['events']);
    const response = await api.post('/api/events', { user_id: PERSONA_UID['new-us'], event_name: 'big', props: { text: 'x'.repeat(70_000) } }, cookie);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(await snapshot(api.db, ['events'])).toEqual(before);
  });

  it('refuses a guest on a call for signed-in users with 401 once the input is valid', async () => {
    const response = await api.post('/api/events/subscription/cancelled', { user_id: PERSONA_UID['new-us'], subscription_id: 1 });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('names every bad part of the input: path, query and body are read before the handler', async () => {
    const response = await api.get(`/api/payments/not-a-guid/transactions`, cookie);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['userId']);
  });
});
