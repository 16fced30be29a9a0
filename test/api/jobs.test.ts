import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, ApiFailure } from '../../src/api';
import { startTestApi, type TestApi } from '../support/api-client';
import { appFetch } from '../support/app-fetch';
import { targets } from '../support/databases';
import { snapshot } from '../support/snapshot';

/** GET /api/jobs/{jobId}: the job-apply flow's lookup (spec §3 "Job lookup result"). */
describe.each(targets)('job lookup (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of ['new-us', 'active-uk', 'new-in']) cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api?.close());

  it('an open job in the person’s market is eligible and not expired, with the apply address as stored (no scheme)', async () => {
    const answer = await api.get('/api/jobs/J-OPEN-1', cookies['new-us']);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      JobID: 'J-OPEN-1',
      Title: 'Project Manager',
      Company: 'Acme Corporation',
      Location: 'Austin, TX',
      IsEligible: true,
      IsJobExpired: false,
      applyURL: 'careers.acme.example/apply/1',
    });
  });

  it('a posting past its closing date is expired', async () => {
    const answer = await api.get('/api/jobs/J-EXPIRED-1', cookies['new-us']);
    expect(answer.body).toMatchObject({
      IsEligible: true,
      IsJobExpired: true,
      applyURL: 'https://jobs.globex.example/postings/77',
    });
  });

  it('eligibility follows the signed-in person’s country, whatever country the query names', async () => {
    expect((await api.get('/api/jobs/J-UK-ONLY-1', cookies['new-us'])).body).toMatchObject({
      IsEligible: false,
      IsJobExpired: false,
    });
    expect((await api.get('/api/jobs/J-UK-ONLY-1?countryCD=GB', cookies['new-us'])).body.IsEligible).toBe(false);
    expect((await api.get('/api/jobs/J-UK-ONLY-1', cookies['active-uk'])).body.IsEligible).toBe(true);
    expect((await api.get('/api/jobs/J-OPEN-1', cookies['active-uk'])).body.IsEligible).toBe(false);
    expect((await api.get('/api/jobs/J-OPEN-1', cookies['new-in'])).body.IsEligible).toBe(false);
    // A posting open to every market.
    expect((await api.get('/api/jobs/J-REMOTE-1', cookies['new-in'])).body).toMatchObject({
      IsEligible: true,
      IsJobExpired: false,
    });
  });

  it('a guest is judged by the country the page names, else as a US visitor', async () => {
    expect((await api.get('/api/jobs/J-OPEN-1')).body.IsEligible).toBe(true);
    expect((await api.get('/api/jobs/J-UK-ONLY-1')).body.IsEligible).toBe(false);
    expect((await api.get('/api/jobs/J-UK-ONLY-1?countryCD=gb')).body.IsEligible).toBe(true);
    expect((await api.get('/api/jobs/J-OPEN-1?countryCD=GB')).body.IsEligible).toBe(false);
  });

  it('an unknown job is 404 with the documented error body', async () => {
    const answer = await api.get('/api/jobs/J-NOPE-9', cookies['new-us']);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('a malformed job id or country is 400 naming the parameter, and nothing is written', async () => {
    const before = await snapshot(api.db, ['jobs', 'users', 'sessions']);
    for (const [path, field] of [
      [`/api/jobs/${'J'.repeat(65)}`, 'jobId'],
      ['/api/jobs/J%20OPEN', 'jobId'],
      ['/api/jobs/-J-OPEN-1', 'jobId'],
      ['/api/jobs/J-OPEN-1%3Bdrop', 'jobId'],
      ['/api/jobs/J-OPEN-1?countryCD=USA', 'countryCD'],
    ] as const) {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { [field]: expect.any(String) } },
      });
    }
    expect(await snapshot(api.db, ['jobs', 'users', 'sessions'])).toEqual(before);
  });

  it('the app’s client reads the answer through its schema and turns a 404 into a typed failure', async () => {
    const client = createApi({ apiBase: '/api', fetch: appFetch(api, cookies['new-us']) });
    expect(await client.jobs.lookUp('J-EXPIRED-1')).toMatchObject({
      JobID: 'J-EXPIRED-1',
      IsEligible: true,
      IsJobExpired: true,
    });
    const missing = await client.jobs.lookUp('J-NOPE-9').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiFailure);
    expect(missing).toMatchObject({ kind: 'notFound', status: 404, code: 'NOT_FOUND' });
  });
});
