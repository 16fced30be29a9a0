import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh, type FreshPerson } from '../support/fresh-person';
import { snapshot } from '../support/snapshot';
import { addMonths } from '../../src/domain/save-offers';

const TABLES = ['subscriptions', 'users', 'transactions'];
const errorBody = (code: string) => ({ error: { code, message: expect.any(String) } });

describe.each(targets)('pausing instead of cancelling (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const pause = (person: FreshPerson, months: unknown, overrides: Record<string, unknown> = {}) =>
    api.post(
      '/api/subscriptions/pause',
      { user_uid: person.uid, subscription_id: person.subscriptionId, months, ...overrides },
      person.cookie,
    );
  const resume = (person: FreshPerson, overrides: Record<string, unknown> = {}) =>
    api.post(
      '/api/subscriptions/resume',
      { user_uid: person.uid, subscription_id: person.subscriptionId, ...overrides },
      person.cookie,
    );
  const row = async (id: number) =>
    (
      await api.db.query<{
        paused_from: Date | null;
        resumes_on: Date | null;
        next_billing_date: Date | null;
        end_date: Date;
        status_cd: string;
      }>(
        'select paused_from, resumes_on, next_billing_date, end_date, status_cd from subscriptions where subscription_id = $1',
        [id],
      )
    )[0]!;
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

  it('pauses from the end of the paid period for the months chosen; billing resumes on that date; a repeat answers the same', async () => {
    const person = await signInFresh(api, 'active-us');
    const page = (await api.get(`/api/pages/cancel?userUID=${person.uid}&visitorPortalID=1`, person.cookie)).body;
    expect(page.Pause).toEqual({ Months: [1, 2, 3], Available: true, KeepsAccess: false });
    const before = await row(person.subscriptionId);
    const end = new Date(before.end_date).toISOString();
    const resumesOn = addMonths(new Date(before.end_date), 2).toISOString();

    const paused = await pause(person, 2);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      Months: 2,
      KeepsAccess: false,
      Subscription: {
        StatusCD: 'ACTV',
        EndDate: end,
        PausedFrom: end,
        ResumesOn: resumesOn,
        NextBillingDate: resumesOn,
        IsPaused: false,
      },
    });
    const after = await row(person.subscriptionId);
    expect({
      from: iso(after.paused_from),
      to: iso(after.resumes_on),
      next: iso(after.next_billing_date),
      end: iso(after.end_date),
      status: after.status_cd,
    }).toEqual({
      from: end,
      to: resumesOn,
      next: resumesOn,
      end,
      status: 'ACTV',
    });
    expect(
      (await api.get(`/api/pages/cancel?userUID=${person.uid}&visitorPortalID=1`, person.cookie)).body.Pause.Available,
    ).toBe(false);

    const state = await snapshot(api.db, TABLES);
    const again = await pause(person, 2);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paused.body);
    expect(await snapshot(api.db, TABLES)).toEqual(state);

    const other = await pause(person, 3);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(errorBody('ALREADY_PAUSED'));
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('IsPaused is true once the pause has started, until it ends', async () => {
    const person = await signInFresh(api, 'active-us');
    expect((await pause(person, 1)).status).toBe(200);
    // As if the paid period had ended two days ago.
    await api.db.query(
      `update subscriptions set end_date = now() - interval '2 days', paused_from = now() - interval '2 days', resumes_on = now() + interval '28 days',
         next_billing_date = now() + interval '28 days' where subscription_id = $1`,
      [person.subscriptionId],
    );
    const [current] = (await api.get(`/api/subscriptions?userUID=${person.uid}&isCurrentOnly=true`, person.cookie)).body
      .Subscriptions;
    expect(current).toMatchObject({ SubscriptionID: person.subscriptionId, IsPaused: true });
    await api.db.query(
      `update subscriptions set paused_from = now() - interval '40 days', resumes_on = now() - interval '1 day' where subscription_id = $1`,
      [person.subscriptionId],
    );
    const [ended] = (await api.get(`/api/subscriptions?userUID=${person.uid}&isCurrentOnly=true`, person.cookie)).body
      .Subscriptions;
    expect(ended.IsPaused).toBe(false);
  });

  it('resume ends the pause at any time, billing back at the end of the paid period; a repeat changes nothing', async () => {
    const person = await signInFresh(api, 'active-us');
    const before = await row(person.subscriptionId);
    expect((await pause(person, 3)).status).toBe(200);
    const resumed = await resume(person);
    expect(resumed.status).toBe(200);
    expect(resumed.body.Subscription).toMatchObject({
      PausedFrom: null,
      ResumesOn: null,
      IsPaused: false,
      NextBillingDate: new Date(before.end_date).toISOString(),
    });
    const after = await row(person.subscriptionId);
    expect({ from: after.paused_from, to: after.resumes_on, next: iso(after.next_billing_date) }).toEqual({
      from: null,
      to: null,
      next: new Date(before.end_date).toISOString(),
    });

    const state = await snapshot(api.db, TABLES);
    const again = await resume(person);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(resumed.body);
    expect(await snapshot(api.db, TABLES)).toEqual(state);

    // After resuming, another length may be chosen.
    expect((await pause(person, 1)).body.Months).toBe(1);
  });

  it('only an active, renewing plan can be paused (409 PAUSE_NOT_ELIGIBLE), writing nothing', async () => {
    const oneOff = await signInFresh(api, 'active-uk');
    const ended = await signInFresh(api, 'expired-us');
    const cancelled = await signInFresh(api, 'active-us');
    expect(
      (
        await api.post(
          '/api/subscriptions/cancelv2',
          { user_uid: cancelled.uid, subscription_id: cancelled.subscriptionId },
          cancelled.cookie,
        )
      ).status,
    ).toBe(200);
    const state = await snapshot(api.db, TABLES);
    for (const person of [oneOff, ended, cancelled]) {
      const response = await pause(person, 1);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(errorBody('PAUSE_NOT_ELIGIBLE'));
    }
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('refuses months 0, 4, "x" and 1.5 with 400 and the error body, writing nothing', async () => {
    const person = await signInFresh(api, 'active-us');
    const state = await snapshot(api.db, TABLES);
    for (const months of [0, 4, 'x', 1.5, -1, null]) {
      const response = await pause(person, months);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String), fields: { months: expect.any(String) } },
      });
    }
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it("refuses another user's subscription (403) and an unknown one (404) for pause and resume, writing nothing", async () => {
    const person = await signInFresh(api, 'active-us');
    const [other] = await api.db.query<{ subscription_id: string }>(
      'select subscription_id from subscriptions where user_uid = $1',
      [PERSONA_UID['active-de']],
    );
    const theirs = { subscription_id: Number(other!.subscription_id) };
    const state = await snapshot(api.db, TABLES);
    expect(await pause(person, 1, theirs)).toMatchObject({ status: 403, body: errorBody('FORBIDDEN') });
    expect(await resume(person, theirs)).toMatchObject({ status: 403, body: errorBody('FORBIDDEN') });
    expect(await pause(person, 1, { ...theirs, user_uid: PERSONA_UID['active-de'] })).toMatchObject({ status: 403 });
    expect(await pause(person, 1, { subscription_id: 987654 })).toMatchObject({
      status: 404,
      body: errorBody('NOT_FOUND'),
    });
    expect(await resume(person, { subscription_id: 987654 })).toMatchObject({
      status: 404,
      body: errorBody('NOT_FOUND'),
    });
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('whether access is kept during a pause comes from the Cancellation/pause configuration', async () => {
    await api.db.query(
      `update feature_rules set config = '{"Show": true, "Data": {"keepsAccess": true}}' where module_name = 'Cancellation' and feature_cd = 'pause'`,
    );
    try {
      const person = await signInFresh(api, 'active-us');
      expect(
        (await api.get(`/api/pages/cancel?userUID=${person.uid}&visitorPortalID=1`, person.cookie)).body.Pause
          .KeepsAccess,
      ).toBe(true);
      expect((await pause(person, 1)).body.KeepsAccess).toBe(true);
    } finally {
      await api.db.query(
        `update feature_rules set config = '{"Show": true, "Data": {"keepsAccess": false}}' where module_name = 'Cancellation' and feature_cd = 'pause'`,
      );
    }
  });
});
