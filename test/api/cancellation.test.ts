import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { targets } from '../support/databases';
import { signInFresh } from '../support/fresh-person';
import { countRows, snapshot } from '../support/snapshot';
import enConfirm from '../../src/i18n/locales/en-US/cancel-confirm.json';

const CANCELLATION_NUMBER = /^CN\d{14}$/;
const DAY = 86_400_000;

describe.each(targets)('cancelling (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};
  const subscriptionOf = async (persona: keyof typeof PERSONA_UID) => {
    const [row] = await api.db.query<{ subscription_id: string }>(
      'select subscription_id from subscriptions where user_uid = $1 order by start_date desc limit 1',
      [PERSONA_UID[persona]],
    );
    return Number(row!.subscription_id);
  };

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of ['active-us', 'suspended-us', 'expired-us', 'active-de', 'active-uk', 'trial-us'])
      cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api?.close());

  describe('signed in (cancelv2)', () => {
    it('moves active-us to EXPR everywhere: subscription, claims, pages, cancel page', async () => {
      const uid = PERSONA_UID['active-us'];
      const cookie = cookies['active-us'];
      const id = await subscriptionOf('active-us');
      const [before] = (await api.get(`/api/subscriptions?userUID=${uid}&isCurrentOnly=true`, cookie)).body
        .Subscriptions;
      expect(before).toMatchObject({
        SubscriptionID: id,
        StatusCD: 'ACTV',
        SubscriptionTypeCD: 'AUTO',
        CancelledOn: null,
        CancellationNumber: null,
        NextBillingDate: expect.any(String),
      });
      expect((await api.get('/api/users/claims', cookie)).body.UserType).toBe('ACTV');
      expect((await api.get(`/api/pages?userUID=${uid}`, cookie)).body).toMatchObject({
        UserType: 'ACTV',
        CurrentSubscriptionStatusCD: 'ACTV',
        SubscriptionStatus: 'AUTO',
      });

      const cancelled = await api.post('/api/subscriptions/cancelv2', { user_uid: uid, subscription_id: id }, cookie);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({
        CancellationNumber: expect.stringMatching(CANCELLATION_NUMBER),
        SkuID: 104,
        SkuLabel: 'Monthly Access',
        PaymentStatus: 'SUCC',
        SubscriptionStatus: 'EXPR',
        // Access runs to the end of the paid period.
        AccessEndsOn: before.EndDate,
        UserType: 'EXPR',
        DeclaredAt: expect.any(String),
      });

      const [after] = (await api.get(`/api/subscriptions?userUID=${uid}&isCurrentOnly=true`, cookie)).body
        .Subscriptions;
      expect(after).toMatchObject({
        SubscriptionID: id,
        StatusCD: 'EXPR',
        SubscriptionTypeCD: 'EXPR',
        NextBillingDate: null,
        EndDate: before.EndDate,
        CancelledOn: expect.any(String),
        CancellationNumber: cancelled.body.CancellationNumber,
      });
      // The declaration time is the one stored on the subscription.
      expect(cancelled.body.DeclaredAt).toBe(after.CancelledOn);
      expect((await api.get('/api/users/claims', cookie)).body.UserType).toBe('EXPR');
      expect((await api.get(`/api/pages?userUID=${uid}`, cookie)).body).toMatchObject({
        UserType: 'EXPR',
        CurrentSubscriptionStatusCD: 'EXPR',
        SubscriptionStatus: 'EXPR',
        ShowFOMO: false,
      });
      expect((await api.get(`/api/v2/pages?userUID=${uid}`, cookie)).body).toEqual({
        user_type: 'EXPR',
        current_subscription_statuscd: 'EXPR',
      });
      expect(
        (await api.get(`/api/pages/cancel?userUID=${uid}&visitorPortalID=1`, cookie)).body.CancellationData,
      ).toEqual({
        SubscriptionID: id,
        SkuID: 104,
        SkuLabel: 'Monthly Access',
        PaymentStatus: 'SUCC',
        SubscriptionStatus: 'EXPR',
      });
      expect((await api.get('/api/payments/alreadysubscribeduser', cookie)).body.IsAlreadySubscribed).toBe(false);

      // Cancelling again answers the same cancellation and changes nothing.
      // The confirmation e-mail (§312k(4)) is queued once, to the person's address, with the number, plan, declaration time and end of access.
      const emails = await api.db.query<{ to_address: string; subject: string; body: string }>(
        'select to_address, subject, body from outbox_emails where body like $1',
        [`%${cancelled.body.CancellationNumber}%`],
      );
      expect(emails).toHaveLength(1);
      expect(emails[0]!.to_address).toBe('ava.martinez@example.com');
      expect(emails[0]!.subject).toContain(cancelled.body.CancellationNumber);
      // Dates in the person's culture, in UTC (an e-mail has no browser time zone).
      const inUtc = (iso: string, options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(iso));
      for (const part of [
        'Monthly Access',
        `${inUtc(cancelled.body.DeclaredAt, { dateStyle: 'long', timeStyle: 'short' })} UTC`,
        inUtc(cancelled.body.AccessEndsOn, { dateStyle: 'long' }),
      ]) {
        expect(emails[0]!.body).toContain(part);
      }

      const tables = ['subscriptions', 'users', 'outbox_emails'];
      const state = await snapshot(api.db, tables);
      const again = await api.post('/api/subscriptions/cancelv2', { user_uid: uid, subscription_id: id }, cookie);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(cancelled.body);
      expect(await snapshot(api.db, tables)).toEqual(state);
    });

    it('ends a suspended plan now and makes the user EXPD', async () => {
      const uid = PERSONA_UID['suspended-us'];
      const id = await subscriptionOf('suspended-us');
      const cancelled = await api.post(
        '/api/subscriptions/cancelv2',
        { user_uid: uid, subscription_id: id },
        cookies['suspended-us'],
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        SubscriptionStatus: 'EXPD',
        UserType: 'EXPD',
        CancellationNumber: expect.stringMatching(CANCELLATION_NUMBER),
      });
      expect(new Date(cancelled.body.AccessEndsOn).getTime()).toBeLessThanOrEqual(Date.now());
      expect((await api.get('/api/users/claims', cookies['suspended-us'])).body.UserType).toBe('EXPD');
      expect(
        (await api.get(`/api/subscriptions?userUID=${uid}&isCurrentOnly=true`, cookies['suspended-us'])).body
          .Subscriptions,
      ).toEqual([]);
    });

    it('refuses a plan that has already ended (409) and an unknown one (404), writing nothing', async () => {
      const uid = PERSONA_UID['expired-us'];
      const tables = ['subscriptions', 'users'];
      const state = await snapshot(api.db, tables);
      const ended = await api.post(
        '/api/subscriptions/cancelv2',
        { user_uid: uid, subscription_id: await subscriptionOf('expired-us') },
        cookies['expired-us'],
      );
      expect(ended.status).toBe(409);
      expect(ended.body.error.code).toBe('NOT_CANCELLABLE');
      const unknown = await api.post(
        '/api/subscriptions/cancelv2',
        { user_uid: uid, subscription_id: 987654 },
        cookies['expired-us'],
      );
      expect(unknown.status).toBe(404);
      expect(await snapshot(api.db, tables)).toEqual(state);
      expect((await api.get('/api/users/claims', cookies['expired-us'])).body.UserType).toBe('EXPD');
    });

    it('stores survey answers, and the subscription details then show SurveyAnswered', async () => {
      const uid = PERSONA_UID['active-us'];
      const cookie = cookies['active-us'];
      const id = await subscriptionOf('active-us');
      const before = await api.get(`/api/v2/subscriptions/${id}/details`, cookie);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ SubscriptionID: id, SurveyAnswered: false });
      // The seeded history: a trial sale, four monthly sales, a refund and an admin fee.
      expect(before.body.Transactions).toHaveLength(7);
      expect(
        before.body.Transactions.filter((t: { transaction_type: string }) => t.transaction_type === 'RFND'),
      ).toHaveLength(1);

      const answer = await api.post(
        '/api/subscriptions/survey',
        { user_uid: uid, subscription_id: id, reason_cd: 4, reason_text: '  Too expensive for me  ' },
        cookie,
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ SurveyID: expect.any(Number), reason_cd: 4 });
      const rows = await api.db.query(
        'select user_uid, subscription_id::int, reason_cd, reason_text, flow_type from survey_answers where id = $1',
        [answer.body.SurveyID],
      );
      expect(rows).toEqual([
        { user_uid: uid, subscription_id: id, reason_cd: 4, reason_text: 'Too expensive for me', flow_type: 'Default' },
      ]);
      expect((await api.get(`/api/v2/subscriptions/${id}/details`, cookie)).body.SurveyAnswered).toBe(true);

      const loose = await api.post(
        '/api/subscriptions/survey',
        { user_uid: uid, reason_cd: 15, flow_type: 'ConfirmationPostSelection' },
        cookie,
      );
      expect(loose.status).toBe(201);
      expect(
        await api.db.query(
          'select subscription_id::int, reason_cd, reason_text, flow_type from survey_answers where id = $1',
          [loose.body.SurveyID],
        ),
      ).toEqual([{ subscription_id: null, reason_cd: 15, reason_text: null, flow_type: 'ConfirmationPostSelection' }]);
      // A survey about a subscription that does not exist is 404 and stores nothing.
      const count = await countRows(api.db, 'survey_answers');
      expect(
        (await api.post('/api/subscriptions/survey', { user_uid: uid, subscription_id: 987654, reason_cd: 1 }, cookie))
          .status,
      ).toBe(404);
      expect(await countRows(api.db, 'survey_answers')).toBe(count);
    });

    it('records the cancelled event for the owner of the subscription', async () => {
      const uid = PERSONA_UID['active-us'];
      const id = await subscriptionOf('active-us');
      const response = await api.post(
        '/api/events/subscription/cancelled',
        { user_id: uid, subscription_id: id, props: { reason: 4 } },
        cookies['active-us'],
      );
      expect(response.status).toBe(202);
      const [row] = await api.db.query<{ user_id: string; event_name: string; props: Record<string, unknown> }>(
        'select user_id, event_name, props from events where id = $1',
        [response.body.id],
      );
      expect(row).toEqual({
        user_id: uid,
        event_name: 'subscription cancellation reported',
        props: { reason: 4, subscription_id: id },
      });
      // The analytics event of the same cancellation is a row of its own, under its own name.
      const analytics = await api.post(
        '/api/events',
        { user_id: uid, event_name: 'subscription cancelled on web', props: { plan: 'Monthly Access' } },
        cookies['active-us'],
      );
      expect(analytics.status).toBe(202);
      const names = await api.db.query<{ event_name: string }>(
        'select event_name from events where id in ($1, $2) order by id',
        [response.body.id, analytics.body.id],
      );
      expect(names.map((n) => n.event_name)).toEqual([
        'subscription cancellation reported',
        'subscription cancelled on web',
      ]);
      // And the server's record cannot be forged as an analytics event.
      const before = await countRows(api.db, 'events');
      const forged = await api.post(
        '/api/events',
        { user_id: uid, event_name: 'Subscription Cancellation Reported', props: {} },
        cookies['active-us'],
      );
      expect(forged.status).toBe(400);
      expect(forged.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { event_name: expect.any(String) },
      });
      expect(await countRows(api.db, 'events')).toBe(before);
    });
  });

  describe('signed in: the confirmation e-mail names the plan as the pages do', () => {
    it("names a German person's plan by the German catalogue name, while the API keeps its stored label", async () => {
      const person = await signInFresh(api, 'active-de');
      const cancelled = await api.post(
        '/api/subscriptions/cancelv2',
        { user_uid: person.uid, subscription_id: person.subscriptionId },
        person.cookie,
      );
      expect(cancelled.body.SkuLabel).toBe('Monthly Access');
      const [email] = await api.db.query<{ body: string }>('select body from outbox_emails where to_address = $1', [
        person.email,
      ]);
      expect(email!.body).toContain('„Monatszugang“');
      expect(email!.body).not.toContain('Monthly Access');
    });
  });

  describe("signed in: the confirmation e-mail is in the person's language", () => {
    // Every literal run of the English e-mail's texts (placeholders cut out), and the words it used to say.
    const english = [
      ...Object.values(enConfirm.email).flatMap((text) => text.split(/\{\{\w+\}\}/)),
      'You cancelled',
      'Declared at',
      'Access ends',
      'Keep this e-mail',
      'Your cancellation',
    ]
      .map((part) => part.replace(/[“”".:]/g, '').trim())
      .filter((part) => part.length >= 4);

    it.each([
      ['de-DE', 'Ihre Kündigung', 'Sie haben Ihr Abo „Monatszugang“ gekündigt.'],
      ['fr-FR', 'Votre résiliation', 'Vous avez résilié votre formule'],
    ])('a %s cancellation: subject and body carry no English sentence', async (culture, subject, sentence) => {
      const person = await signInFresh(api, 'active-de');
      await api.db.query('update users set culture_cd = $2 where user_uid = $1', [person.uid, culture]);
      const cancelled = await api.post(
        '/api/subscriptions/cancelv2',
        { user_uid: person.uid, subscription_id: person.subscriptionId },
        person.cookie,
      );
      expect(cancelled.status).toBe(200);
      const [email] = await api.db.query<{ subject: string; body: string }>(
        'select subject, body from outbox_emails where to_address = $1',
        [person.email],
      );
      expect(email!.subject).toBe(`${subject} ${cancelled.body.CancellationNumber}`);
      expect(email!.body).toContain(sentence);
      expect(email!.body).toContain(cancelled.body.CancellationNumber);
      for (const part of english) {
        expect(email!.subject, part).not.toContain(part);
        expect(email!.body, part).not.toContain(part);
      }
    });
  });

  describe('signed in: the same cancellation twice at once', () => {
    it('cancels once, with one cancellation number and one confirmation e-mail', async () => {
      const person = await signInFresh(api, 'active-us');
      const send = () =>
        api.post(
          '/api/subscriptions/cancelv2',
          { user_uid: person.uid, subscription_id: person.subscriptionId },
          person.cookie,
        );
      const [first, second] = await Promise.all([send(), send()]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body).toEqual(first.body);
      expect(first.body).toMatchObject({ SubscriptionStatus: 'EXPR', DeclaredAt: expect.any(String) });
      expect(await countRows(api.db, 'outbox_emails', 'to_address = $1', [person.email])).toBe(1);
      const [row] = await api.db.query<{ cancellation_number: string; cancelled_on: Date }>(
        'select cancellation_number, cancelled_on from subscriptions where subscription_id = $1',
        [person.subscriptionId],
      );
      expect(row!.cancellation_number).toBe(first.body.CancellationNumber);
      expect(new Date(row!.cancelled_on).toISOString()).toBe(first.body.DeclaredAt);
    });

    it('cancelling a paused plan ends the pause as well', async () => {
      const person = await signInFresh(api, 'active-us');
      const ids = { user_uid: person.uid, subscription_id: person.subscriptionId };
      expect((await api.post('/api/subscriptions/pause', { ...ids, months: 2 }, person.cookie)).status).toBe(200);
      const cancelled = await api.post('/api/subscriptions/cancelv2', ids, person.cookie);
      expect(cancelled.status).toBe(200);
      const [after] = (await api.get(`/api/subscriptions?userUID=${person.uid}&isCurrentOnly=true`, person.cookie)).body
        .Subscriptions;
      expect(after).toMatchObject({
        StatusCD: 'EXPR',
        PausedFrom: null,
        ResumesOn: null,
        IsPaused: false,
        NextBillingDate: null,
      });
    });
  });

  describe('the survey answer', () => {
    it('a repeat of the same answer within minutes answers the first SurveyID and stores nothing', async () => {
      const person = await signInFresh(api, 'active-us');
      const answer = {
        user_uid: person.uid,
        subscription_id: person.subscriptionId,
        reason_cd: 7,
        flow_type: 'ConfirmationPostSelection',
      };
      const first = await api.post('/api/subscriptions/survey', answer, person.cookie);
      expect(first.status).toBe(201);
      const state = await snapshot(api.db, ['survey_answers']);
      const [again, atOnce] = await Promise.all([
        api.post('/api/subscriptions/survey', answer, person.cookie),
        api.post('/api/subscriptions/survey', answer, person.cookie),
      ]);
      expect([again.status, atOnce.status]).toEqual([201, 201]);
      expect(again.body).toEqual(first.body);
      expect(atOnce.body).toEqual(first.body);
      expect(await snapshot(api.db, ['survey_answers'])).toEqual(state);

      // Another reason, or the same reason in the other flow, is a new answer.
      const other = await api.post('/api/subscriptions/survey', { ...answer, reason_cd: 8 }, person.cookie);
      const otherFlow = await api.post('/api/subscriptions/survey', { ...answer, flow_type: 'Default' }, person.cookie);
      expect(other.status).toBe(201);
      expect(otherFlow.status).toBe(201);
      expect(new Set([first.body.SurveyID, other.body.SurveyID, otherFlow.body.SurveyID]).size).toBe(3);

      // The same answer given more than ten minutes ago is not a repeat.
      await api.db.query(`update survey_answers set created_at = now() - interval '11 minutes' where id = $1`, [
        first.body.SurveyID,
      ]);
      const later = await api.post('/api/subscriptions/survey', answer, person.cookie);
      expect(later.status).toBe(201);
      expect(later.body.SurveyID).not.toBe(first.body.SurveyID);
    });

    it('refuses an unknown reason code with 400 and the error body, storing nothing', async () => {
      const person = await signInFresh(api, 'active-us');
      const count = await countRows(api.db, 'survey_answers');
      for (const reason_cd of [0, 16, 'x', 4.5]) {
        const response = await api.post(
          '/api/subscriptions/survey',
          { user_uid: person.uid, subscription_id: person.subscriptionId, reason_cd },
          person.cookie,
        );
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          error: { code: expect.any(String), message: expect.any(String), fields: { reason_cd: expect.any(String) } },
        });
      }
      expect(await countRows(api.db, 'survey_answers')).toBe(count);
    });
  });

  describe('logged out (v2/subscriptions/cancel)', () => {
    /** Each request carries a freshly solved captcha, as the form's widget gives it. */
    const request = async (overrides: Record<string, unknown> = {}) => ({
      email_address: 'lena.schneider@example.de',
      portal_id: 3,
      account_id: '100000008',
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:15:00',
      captcha: await solveCaptcha(api),
      ...overrides,
    });
    const receipt = (fields: {
      AccountId: string;
      EmailAddress: string;
      IsExtraordinary?: boolean;
      EffectiveDate?: string | null;
    }) => ({
      CancellationNumber: expect.stringMatching(CANCELLATION_NUMBER),
      ReceivedAt: expect.any(String),
      EffectiveDate: null,
      IsExtraordinary: false,
      ...fields,
    });
    const stored = (number: string) =>
      api.db.query<{
        handling: string;
        matched_subscription_id: number | null;
        email_address: string;
        cancellation_reason: string | null;
      }>(
        'select handling, matched_subscription_id::int, email_address, cancellation_reason from cancellation_requests where cancellation_number = $1',
        [number],
      );

    it("a matching e-mail and account id cancel active-de's subscription at the end of its period", async () => {
      const id = await subscriptionOf('active-de');
      const [sub] = (
        await api.get(`/api/subscriptions?userUID=${PERSONA_UID['active-de']}&isCurrentOnly=true`, cookies['active-de'])
      ).body.Subscriptions;
      expect(sub).toMatchObject({ SubscriptionID: id, StatusCD: 'ACTV' });

      // Typed with capitals and spaces, as people do.
      const first = await request({ email_address: '  Lena.Schneider@Example.DE ' });
      const response = await api.post('/api/v2/subscriptions/cancel', first);
      expect(response.status).toBe(201);
      // The receipt echoes what was asked (the e-mail as the server normalised it), never whether it matched.
      expect(response.body).toEqual(receipt({ AccountId: '100000008', EmailAddress: 'lena.schneider@example.de' }));
      expect(Date.now() - new Date(response.body.ReceivedAt).getTime()).toBeLessThan(60_000);
      expect(await stored(response.body.CancellationNumber)).toEqual([
        {
          handling: 'applied',
          matched_subscription_id: id,
          email_address: 'lena.schneider@example.de',
          cancellation_reason: null,
        },
      ]);

      const [after] = (
        await api.get(`/api/subscriptions?userUID=${PERSONA_UID['active-de']}&isCurrentOnly=true`, cookies['active-de'])
      ).body.Subscriptions;
      expect(after).toMatchObject({
        SubscriptionID: id,
        StatusCD: 'EXPR',
        NextBillingDate: null,
        EndDate: sub.EndDate,
      });
      expect((await api.get('/api/users/claims', cookies['active-de'])).body.UserType).toBe('EXPR');
      expect(
        await countRows(api.db, 'outbox_emails', `to_address = $1 and subject like '%' || $2`, [
          'lena.schneider@example.de',
          response.body.CancellationNumber,
        ]),
      ).toBe(1);

      // The same request again gives the same receipt and stores nothing new: a double click
      // (the very same body and captcha), and a later retry (a new captcha, a later request time).
      const tables = ['cancellation_requests', 'subscriptions', 'users', 'outbox_emails', 'captcha_solutions'];
      const state = await snapshot(api.db, tables);
      const doubleClick = await api.post('/api/v2/subscriptions/cancel', first);
      expect(doubleClick.status).toBe(201);
      expect(doubleClick.body).toEqual(response.body);
      const again = await api.post(
        '/api/v2/subscriptions/cancel',
        await request({ cancellation_request_time: '2026-11-22T10:16:30' }),
      );
      expect(again.status).toBe(201);
      expect(again.body).toEqual(response.body);
      expect(await snapshot(api.db, tables)).toEqual(state);
      expect(await countRows(api.db, 'cancellation_requests', 'account_id = $1', ['100000008'])).toBe(1);
    });

    it('a pair that matches no account still gets a receipt, stored for manual handling', async () => {
      const tables = ['subscriptions', 'users'];
      const state = await snapshot(api.db, tables);
      const mismatched = await api.post(
        '/api/v2/subscriptions/cancel',
        await request({ email_address: 'oliver.hughes@example.co.uk', account_id: '100000008', portal_id: 2 }),
      );
      expect(mismatched.status).toBe(201);
      // The same shape as for a match: nothing tells the two apart.
      expect(mismatched.body).toEqual(receipt({ AccountId: '100000008', EmailAddress: 'oliver.hughes@example.co.uk' }));
      expect(await stored(mismatched.body.CancellationNumber)).toEqual([
        {
          handling: 'manual',
          matched_subscription_id: null,
          email_address: 'oliver.hughes@example.co.uk',
          cancellation_reason: null,
        },
      ]);
      const unknown = await api.post(
        '/api/v2/subscriptions/cancel',
        await request({ email_address: 'nobody@example.org', account_id: '1' }),
      );
      expect(unknown.status).toBe(201);
      expect(unknown.body.CancellationNumber).not.toBe(mismatched.body.CancellationNumber);
      expect((await stored(unknown.body.CancellationNumber))[0]?.handling).toBe('manual');
      // Nobody's subscription moved.
      expect(await snapshot(api.db, tables)).toEqual(state);
    });

    it('an extraordinary cancellation ends access now and keeps its reason', async () => {
      const response = await api.post(
        '/api/v2/subscriptions/cancel',
        await request({
          email_address: 'oliver.hughes@example.co.uk',
          account_id: '100000007',
          portal_id: 2,
          is_extraordinary_cancellation: true,
          cancellation_reason: 'Moving abroad',
        }),
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual(
        receipt({ AccountId: '100000007', EmailAddress: 'oliver.hughes@example.co.uk', IsExtraordinary: true }),
      );
      expect(await stored(response.body.CancellationNumber)).toEqual([
        {
          handling: 'applied',
          matched_subscription_id: await subscriptionOf('active-uk'),
          email_address: 'oliver.hughes@example.co.uk',
          cancellation_reason: 'Moving abroad',
        },
      ]);
      expect((await api.get('/api/users/claims', cookies['active-uk'])).body.UserType).toBe('EXPD');
      expect(
        (
          await api.get(
            `/api/subscriptions?userUID=${PERSONA_UID['active-uk']}&isCurrentOnly=true`,
            cookies['active-uk'],
          )
        ).body.Subscriptions,
      ).toEqual([]);
    });

    it('a chosen date before the period ends becomes the end of access', async () => {
      const chosen = new Date(Date.now() + 3 * DAY);
      const response = await api.post(
        '/api/v2/subscriptions/cancel',
        await request({
          email_address: 'theo.tran@example.com',
          account_id: '100000002',
          portal_id: 1,
          cancellation_date: chosen.toISOString(),
        }),
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual(
        receipt({ AccountId: '100000002', EmailAddress: 'theo.tran@example.com', EffectiveDate: chosen.toISOString() }),
      );
      const [sub] = (
        await api.get(`/api/subscriptions?userUID=${PERSONA_UID['trial-us']}&isCurrentOnly=true`, cookies['trial-us'])
      ).body.Subscriptions;
      expect(sub).toMatchObject({ StatusCD: 'EXPR', EndDate: chosen.toISOString(), DaysRemaining: 3 });
    });
  });

  describe('rate limit on the logged-out form', () => {
    let limited: TestApi;
    beforeAll(async () => {
      limited = await startTestApi(target, { RATE_LIMIT_CANCELLATION: '3' });
    });
    afterAll(() => limited?.close());

    it('answers 429 with Retry-After after the limit and stores nothing more', async () => {
      const body = async (n: number) => ({
        email_address: `person${n}@example.org`,
        portal_id: 1,
        account_id: String(n),
        is_extraordinary_cancellation: false,
        cancellation_request_time: '2026-11-22T10:00',
        captcha: await solveCaptcha(limited),
      });
      for (let n = 1; n <= 3; n += 1)
        expect((await limited.post('/api/v2/subscriptions/cancel', await body(n))).status).toBe(201);
      const tables = ['cancellation_requests', 'outbox_emails', 'subscriptions', 'captcha_solutions'];
      const state = await snapshot(limited.db, tables);
      const refused = await limited.post('/api/v2/subscriptions/cancel', await body(4));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even a bad body is refused by the limit first.
      expect((await limited.post('/api/v2/subscriptions/cancel', '{')).status).toBe(429);
      expect(await snapshot(limited.db, tables)).toEqual(state);
      expect(await countRows(limited.db, 'cancellation_requests')).toBe(3);
    });

    it('the limit comes from the server config, 20 by default', async () => {
      expect(api.config.rateLimits.cancellationRequest).toBe(20);
      expect(limited.config.rateLimits.cancellationRequest).toBe(3);
    });
  });
});
