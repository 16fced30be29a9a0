import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { readPdf } from '../support/pdf-text';
import { resumeReviewStage } from '../../src/domain/resume-review';

interface Sku {
  SkuID: number;
  ScheduleLabel: string;
  ExpectedDays: number;
  CurrencyCD: string;
  CurrencySymbol: string;
  IsMostPopular: boolean;
  IsSelected: boolean;
  [key: string]: unknown;
}

/** The read calls answer the seeded data, consistently with each other. */
describe.each(targets)('read calls (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of ['new-us', 'active-us', 'new-in', 'expiring-us', 'employer', 'trial-us', 'expired-us'])
      cookies[persona] = await api.signIn(persona);
  });
  afterAll(() => api?.close());

  describe('skus', () => {
    const skus = async (query: string, cookie?: string): Promise<Sku[]> => {
      const response = await api.get(`/api/skus${query}`, cookie);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.Skus;
    };

    it('the US sell page has three plans in USD, the full-access trial most popular and selected', async () => {
      const plans = await skus('?countryCD=US&sellPageOnly=true');
      expect(plans.map((s) => s.SkuID)).toEqual([101, 102, 103]);
      expect(plans.every((s) => s.CurrencyCD === 'USD' && s.CurrencySymbol === '$')).toBe(true);
      expect(plans.filter((s) => s.IsMostPopular).map((s) => s.SkuID)).toEqual([102]);
      expect(plans.filter((s) => s.IsSelected).map((s) => s.SkuID)).toEqual([102]);
      expect(plans[0]).toMatchObject({
        PlanTier: 'limitedAccess',
        TrialDays: 14,
        TrialAmount: 1.95,
        FormattedTrialPrice: '$1.95',
        UnitPrice: 23.95,
        HigherPriceSkuID: 102,
      });
      expect(plans[1]).toMatchObject({
        PlanTier: 'fullAccess',
        TrialDays: 14,
        TrialAmount: 2.95,
        FormattedTrialPrice: '$2.95',
        LowerPriceSkuID: 101,
        HigherPriceSkuID: 103,
      });
      expect(plans[2]).toMatchObject({
        PlanTier: 'annualAccess',
        TrialDays: 0,
        UnitPrice: 59.4,
        FormattedUnitPrice: '$59.40',
        SubscriptionTypeCD: 'EXPR',
      });
    });

    it('schedule labels and expected durations per plan', async () => {
      const bySku = new Map((await skus('?countryCD=US')).map((s) => [s.SkuID, [s.ScheduleLabel, s.ExpectedDays]]));
      expect([103, 104, 105, 106, 107, 108].map((id) => [id, ...bySku.get(id)!])).toEqual([
        [103, 'year', 365],
        [104, 'month', 30],
        [105, '3 month', 90],
        [106, 'six month', 182],
        [107, 'year', 365],
        [108, '2 week', 14],
      ]);
      // Every market sells the same schedules.
      for (const country of ['GB', 'DE', 'IN']) {
        const labels = (await skus(`?countryCD=${country}`)).map((s) => [
          s.SkuID % 100,
          s.ScheduleLabel,
          s.ExpectedDays,
        ]);
        expect(labels, country).toEqual([...bySku].map(([id, [label, days]]) => [id % 100, label, days]));
      }
    });

    it('each market in its own currency: DE in EUR, IN in INR, GB in GBP', async () => {
      const de = await skus('?countryCD=de');
      expect(de.map((s) => s.SkuID)).toEqual([
        301, 302, 303, 304, 305, 306, 307, 308, 320, 321, 322, 323, 324, 325, 326, 327, 328,
      ]);
      expect(new Set(de.map((s) => `${s.CurrencyCD} ${s.CurrencySymbol}`))).toEqual(new Set(['EUR €']));
      expect(de.find((s) => s.SkuID === 304)).toMatchObject({ UnitPrice: 24.95, FormattedUnitPrice: '24,95\u00a0€' });
      const india = await skus('?countryCD=IN&sellPageOnly=true');
      expect(india.map((s) => [s.SkuID, s.CurrencyCD, s.IsMostPopular])).toEqual([
        [401, 'INR', false],
        [402, 'INR', true],
        [403, 'INR', false],
      ]);
      expect(india[1]).toMatchObject({ TrialAmount: 199, FormattedTrialPrice: '₹199.00' });
      expect(new Set((await skus('?countryCD=GB')).map((s) => s.CurrencyCD))).toEqual(new Set(['GBP']));
    });

    it("without a country: the signed-in user's market, else the US", async () => {
      expect(new Set((await skus('')).map((s) => s.CurrencyCD))).toEqual(new Set(['USD']));
      expect(new Set((await skus('', cookies['new-in'])).map((s) => s.CurrencyCD))).toEqual(new Set(['INR']));
      expect(new Set((await skus('?countryCD=US', cookies['new-in'])).map((s) => s.CurrencyCD))).toEqual(
        new Set(['USD']),
      );
    });

    it('one SKU by id agrees with the list; upsells chain; unknown ids are 404, bad ones 400', async () => {
      const [quarterly] = await skus('?countryCD=US&skuID=105');
      expect(quarterly).toMatchObject({ SkuID: 105, ScheduleLabel: '3 month', Duration: 3, MonthlyPrice: 19.95 });
      const single = await api.get('/api/skus/105');
      expect(single.body).toEqual(quarterly);
      expect((await api.get('/api/skus/103/upsell')).body.Skus.map((s: Sku) => s.SkuID)).toEqual([120]);
      expect((await api.get('/api/skus/120/upsell')).body.Skus.map((s: Sku) => [s.SkuID, s.UpsellCD])).toEqual([
        [121, 'PRO'],
      ]);
      expect((await api.get('/api/skus/121/upsell')).body).toEqual({ Skus: [] });
      expect((await api.get('/api/skus/999')).status).toBe(404);
      expect((await api.get('/api/skus/abc')).status).toBe(400);
      const bad = await api.get('/api/skus?countryCD=USA&device=Watch');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['countryCD', 'device']);
    });
  });

  describe('users', () => {
    it('preferences: get, save, overwrite, get again', async () => {
      const uid = PERSONA_UID['new-us'];
      const cookie = cookies['new-us'];
      const first = await api.get(`/api/users/${uid}/preferences`, cookie);
      expect(first.body).toEqual({
        UserUID: uid,
        Preferences: [{ code: 'LOW_INTENT_USER', value: 'false', updatedAt: expect.any(String) }],
      });

      const saved = await api.post(
        `/api/users/${uid}/savepreference`,
        { code: 'CANCELLATION_REMINDER', value: 'true' },
        cookie,
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ code: 'CANCELLATION_REMINDER', value: 'true' });
      expect(
        (await api.post(`/api/users/${uid}/savepreference`, { code: 'LOW_INTENT_USER', value: 'true' }, cookie)).status,
      ).toBe(200);

      const after = await api.get(`/api/users/${uid}/preferences`, cookie);
      expect(after.body.Preferences.map((p: { code: string; value: string }) => [p.code, p.value])).toEqual([
        ['CANCELLATION_REMINDER', 'true'],
        ['LOW_INTENT_USER', 'true'],
      ]);
      // Another user's preferences are their own.
      const other = await api.get(`/api/users/${PERSONA_UID['active-us']}/preferences`, cookies['active-us']);
      expect(other.body.Preferences.map((p: { code: string; value: string }) => [p.code, p.value])).toEqual([
        ['CANCELLATION_REMINDER', 'false'],
      ]);
    });

    it('geolocation finds the state and city of a postal code', async () => {
      expect((await api.get('/api/users/geolocation?zipCode=78701&countryCD=us')).body).toEqual({
        ZipCode: '78701',
        CountryCD: 'US',
        StateCD: 'TX',
        City: 'Austin',
        Found: true,
      });
      expect((await api.get('/api/users/geolocation?zipCode=sw1a%201aa&countryCD=GB')).body).toMatchObject({
        StateCD: 'ENG',
        City: 'London',
        Found: true,
      });
      expect((await api.get('/api/users/geolocation?zipCode=560001&countryCD=IN')).body).toMatchObject({
        StateCD: 'KA',
        City: 'Bengaluru',
        Found: true,
      });
      expect((await api.get('/api/users/geolocation?zipCode=99999&countryCD=US')).body).toEqual({
        ZipCode: '99999',
        CountryCD: 'US',
        StateCD: null,
        City: null,
        Found: false,
      });
      const bad = await api.get('/api/users/geolocation?zipCode=1&countryCD=USA');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['countryCD', 'zipCode']);
    });

    it('user stages: the latest stage saved is the one the page session reads', async () => {
      const uid = PERSONA_UID['employer'];
      const cookie = cookies.employer;
      const empty = await api.get(`/api/pages/userstagesession?pageId=sell&userUid=${uid}`, cookie);
      expect(empty.body).toEqual({ UserUID: uid, PageID: 'sell', UserStageID: null, SessionID: null });
      for (const stage of [1, 2]) {
        const saved = await api.post(
          '/api/users/userstage',
          { UserUID: uid, ProductCD: 'RSMBLD', PortalID: 1, UserStageID: stage, SessionID: `s-${stage}` },
          cookie,
        );
        expect(saved.status).toBe(201);
      }
      const latest = await api.get(`/api/pages/userstagesession?pageId=sell&userUid=${uid}`, cookie);
      expect(latest.body).toEqual({ UserUID: uid, PageID: 'sell', UserStageID: 2, SessionID: 's-2' });
    });
  });

  describe('config', () => {
    it('features: flags, rules by module and experiment configuration', async () => {
      const all = await api.get('/api/config/features');
      expect(all.status).toBe(200);
      const flags = Object.fromEntries(
        all.body.Flags.map((f: { FeatureCD: string; IsActive: boolean }) => [f.FeatureCD, f.IsActive]),
      );
      expect(flags).toMatchObject({ UPI: true, CNSV: true, FRRC: true, JOBW: false, ADSV: false });
      expect(all.body.Flags).toHaveLength(11);
      const checkout = await api.get('/api/config/features?moduleName=Checkout');
      expect(checkout.body.Features.map((f: { FeatureCD: string }) => f.FeatureCD)).toEqual([
        'checkoutMigration',
        'paymentLogos',
        'paypal',
        'processing',
        'upi',
      ]);
      expect(checkout.body.Features.find((f: { FeatureCD: string }) => f.FeatureCD === 'upi').Rule).toEqual({
        IncludeCountries: ['IN'],
      });
      expect(all.body.Features.length).toBeGreaterThan(checkout.body.Features.length);
      const reminder = all.body.Experiments.find((e: { configKey: string }) => e.configKey === 'cancellationReminder');
      expect(reminder).toEqual({
        configKey: 'cancellationReminder',
        experimentConfiguration: [{ ExperimentGUID: 'e1000000-0000-4000-8000-000000000002', VariationIndex: 4 }],
        featureBasedExperimentConfiguration: [
          {
            ExperimentGUID: 'e1000000-0000-4000-8000-000000000002',
            Variants: [4],
            Devices: ['Desktop', 'Mobile'],
            UserTypes: ['ACTV'],
          },
        ],
      });
      expect((await api.get('/api/config/features?moduleName=not%20a%20module!')).status).toBe(400);
    });

    it('experiments: each configured experiment once, named, with the variations it has (not 8 for every one)', async () => {
      const answer = await api.get('/api/config/experiments');
      expect(answer.status).toBe(200);
      const experiments = answer.body.Experiments as { ExperimentGUID: string; Name: string; Variations: number[] }[];
      expect(new Set(experiments.map((e) => e.ExperimentGUID)).size).toBe(experiments.length);
      expect(experiments.find((e) => e.ExperimentGUID === 'e1000000-0000-4000-8000-000000000001')).toEqual({
        ExperimentGUID: 'e1000000-0000-4000-8000-000000000001',
        Name: 'Sell page layout',
        Variations: [1, 2, 3, 4, 5, 6],
      });
      expect(experiments.find((e) => e.Name === 'Cancel flow')?.Variations).toEqual([1, 2, 3, 4]);
      expect(experiments.find((e) => e.Name === 'Checkout migration A')?.Variations).toEqual([1, 2, 3]);
      // Every experiment a config entry names is defined, and so is every variation the entry uses.
      const features = (await api.get('/api/config/features')).body.Experiments as {
        experimentConfiguration: { ExperimentGUID: string; VariationIndex: number }[];
      }[];
      for (const entry of features.flatMap((f) => f.experimentConfiguration)) {
        expect(
          experiments.find((e) => e.ExperimentGUID === entry.ExperimentGUID)?.Variations,
          entry.ExperimentGUID,
        ).toContain(entry.VariationIndex);
      }
    });

    it('customer-support details per country', async () => {
      const us = await api.get('/api/config/csdetails?countryCD=US');
      expect(us.body).toMatchObject({
        country_cd: 'US',
        address: { formatted_contact_number: '1-800-555-0134' },
        email: 'support@resumenow.example',
      });
      expect(us.body.cs_hours).toHaveLength(2);
      expect(us.body.cs_hours[0]).toEqual({
        weekday_start: 'Monday',
        weekday_end: 'Friday',
        hours_start: '08:00',
        hours_end: '20:00',
        timezone_cd: 'America/New_York',
      });
      expect((await api.get('/api/config/csdetails?countryCD=de')).body).toMatchObject({
        country_cd: 'DE',
        email: 'kundenservice@lebenslauf.example.de',
      });
      expect((await api.get('/api/config/csdetails?countryCD=ZZ')).status).toBe(404);
      expect((await api.get('/api/config/csdetails')).status).toBe(400);
    });
  });

  describe('pages', () => {
    it('page data describes the user and their latest document', async () => {
      const uid = PERSONA_UID['new-us'];
      const page = await api.get(`/api/pages?userUID=${uid}&countryCD=US`, cookies['new-us']);
      expect(page.body).toEqual({
        UserType: 'NEW',
        CurrentSubscriptionStatusCD: null,
        ShowFOMO: true,
        IsCoverLetter: false,
        PaymentStatus: null,
        SubscriptionStatus: null,
        LatestJobTitle: 'Project Manager',
        LatestJobLocation: 'Austin, TX',
        ResumeCreatedForDifferentReason: false,
        ResumeCreatedReason: null,
        HasAnyFreeResumeReviewOrder: false,
        DocumentSkinCD: 'SRZ1',
        DocumentCultureCD: 'en-US',
        first_name_in_doc: 'Nora',
      });
      expect((await api.get(`/api/v2/pages?userUID=${uid}`, cookies['new-us'])).body).toEqual({
        user_type: 'NEW',
        current_subscription_statuscd: null,
      });
      const expiring = await api.get(`/api/pages?userUID=${PERSONA_UID['expiring-us']}`, cookies['expiring-us']);
      expect(expiring.body).toMatchObject({
        UserType: 'EXPR',
        CurrentSubscriptionStatusCD: 'EXPR',
        HasAnyFreeResumeReviewOrder: true,
        first_name_in_doc: 'Eli',
      });
    });

    it('page data for a chosen document type or document', async () => {
      const uid = PERSONA_UID['active-us'];
      const cookie = cookies['active-us'];
      const letter = await api.get(`/api/pages?userUID=${uid}&docTypeCD=LETR`, cookie);
      expect(letter.body).toMatchObject({
        IsCoverLetter: true,
        DocumentSkinCD: 'LTR1',
        first_name_in_doc: 'Ava',
        LatestJobLocation: null,
        UserType: 'ACTV',
        PaymentStatus: 'SUCC',
      });
      const resume = await api.get(`/api/pages?userUID=${uid}&docTypeCD=RSME`, cookie);
      expect(resume.body).toMatchObject({
        IsCoverLetter: false,
        DocumentSkinCD: 'SRZ2',
        first_name_in_doc: 'Ava',
        LatestJobLocation: 'Chicago, IL',
      });
      const [doc] = await api.db.query<{ document_id: string }>(
        `select document_id from documents where user_uid = $1 and doc_type_cd = 'RSME'`,
        [uid],
      );
      expect((await api.get(`/api/pages?userUID=${uid}&docGuid=${doc!.document_id}`, cookie)).body).toEqual(
        resume.body,
      );
      expect((await api.get(`/api/pages?userUID=${uid}&docTypeCD=PDF`, cookie)).status).toBe(400);
    });

    it('features: every rule, with preview and device as asked', async () => {
      const uid = PERSONA_UID['new-us'];
      const all = (await api.get('/api/config/features')).body.Features;
      const page = await api.get(
        `/api/pages/features?userUID=${uid}&visitorPortalID=1&preview=TRUE&device=Mobile`,
        cookies['new-us'],
      );
      expect(page.body).toEqual({ Preview: true, Device: 'Mobile', Features: all });
      const plain = await api.get(
        `/api/pages/features?userUID=${uid}&visitorPortalID=1&preview=yes`,
        cookies['new-us'],
      );
      expect(plain.body).toMatchObject({ Preview: false, Device: null });
    });

    it('cancel page: the reasons and offers, the current plan, German notes for Germany', async () => {
      const active = await api.get(
        `/api/pages/cancel?userUID=${PERSONA_UID['active-us']}&visitorPortalID=1`,
        cookies['active-us'],
      );
      expect(active.body.Content.reasons).toHaveLength(9);
      expect(active.body.Content.reasons[0]).toEqual({ value: 1, label: 'cancel.reason.foundJob' });
      expect(active.body.Content.offers).toContainEqual({ reason: 7, offer: 'socialCard' });
      expect(active.body.Content.notes).toEqual(['cancel.note.confirmationEmail', 'cancel.note.accessUntilEnd']);
      expect(active.body.CancellationData).toMatchObject({
        SkuID: 104,
        SkuLabel: 'Monthly Access',
        SubscriptionStatus: 'ACTV',
        PaymentStatus: 'SUCC',
      });
      const german = await api.get(
        `/api/pages/cancel?userUID=${PERSONA_UID['active-us']}&visitorPortalID=3&countryCD=DE`,
        cookies['active-us'],
      );
      expect(german.body.Content.notes[0]).toBe('cancel.note.statutory');
      const elsewhere = await api.get(
        `/api/pages/cancel?userUID=${PERSONA_UID['active-us']}&visitorPortalID=1&countryCD=JP`,
        cookies['active-us'],
      );
      expect(elsewhere.body.Content).toEqual(active.body.Content);
      const none = await api.get(
        `/api/pages/cancel?userUID=${PERSONA_UID['new-us']}&visitorPortalID=1`,
        cookies['new-us'],
      );
      expect(none.body.CancellationData).toBeNull();
    });

    it('payment page: UPI for India, PayPal elsewhere; the billing user once saved; the e-mail check', async () => {
      const india = await api.get(
        `/api/pages/payment?userUID=${PERSONA_UID['new-in']}&visitorPortalID=4`,
        cookies['new-in'],
      );
      expect(india.body.PaymentMethods.map((m: { Code: string }) => m.Code)).toEqual(['CRCD', 'DUPI']);
      expect(india.body.PaymentMethods[1]).toEqual({
        Code: 'DUPI',
        IsAPM: true,
        Name: 'UPI',
        UIName: 'payment.method.upi',
      });
      expect(india.body.EmailMatches).toBeNull();

      const uid = PERSONA_UID['trial-us'];
      const us = await api.get(
        `/api/pages/payment?userUID=${uid}&visitorPortalID=1&email=%20Theo.Tran@example.com`,
        cookies['trial-us'],
      );
      expect(us.body).toEqual({
        PaymentMethods: [
          { Code: 'CRCD', IsAPM: false, Name: 'Credit card', UIName: 'payment.method.card' },
          { Code: 'PYPL', IsAPM: true, Name: 'PayPal', UIName: 'payment.method.paypal' },
        ],
        BillingUser: null,
        EmailMatches: true,
      });
      const saved = await api.post(
        '/api/payments/billinguser',
        { user_uid: uid, first_name: ' Theo ', last_name: 'Tran', zip_code: '98101', country_cd: 'us' },
        cookies['trial-us'],
      );
      expect(saved.body).toEqual({
        UserUID: uid,
        FirstName: 'Theo',
        LastName: 'Tran',
        ZipCode: '98101',
        CountryCD: 'US',
      });
      const after = await api.get(
        `/api/pages/payment?userUID=${uid}&visitorPortalID=1&email=someone@example.com`,
        cookies['trial-us'],
      );
      expect(after.body).toMatchObject({
        BillingUser: { FirstName: 'Theo', LastName: 'Tran', ZipCode: '98101', CountryCD: 'US' },
        EmailMatches: false,
      });
    });
  });

  describe('documents', () => {
    const A = PERSONA_UID['active-us'];
    const resumeOf = async (uid: string) =>
      (
        await api.db.query<{ document_id: string; body: string }>(
          `select document_id, body from documents where user_uid = $1 and doc_type_cd = 'RSME'`,
          [uid],
        )
      )[0]!;
    const letterOf = async (uid: string) =>
      (
        await api.db.query<{ document_id: string }>(
          `select document_id from documents where user_uid = $1 and doc_type_cd = 'LETR'`,
          [uid],
        )
      )[0]!;

    it('latest document id, list, count and latest, by type', async () => {
      const cookie = cookies['active-us'];
      const resume = await resumeOf(A);
      const letter = await letterOf(A);
      expect((await api.get(`/api/documents/lastestdocid?userUID=${A}`, cookie)).body).toEqual({
        DocumentID: resume.document_id,
        DocTypeCD: 'RSME',
      });
      expect((await api.get(`/api/documents/lastestdocid?userUID=${A}&docTypeCD=LETR`, cookie)).body).toEqual({
        DocumentID: letter.document_id,
        DocTypeCD: 'LETR',
      });
      const list = await api.get(`/api/documents/list?userUID=${A}`, cookie);
      expect(
        list.body.Documents.map((d: { DocumentID: string; DocTypeCD: string }) => [d.DocumentID, d.DocTypeCD]),
      ).toEqual([
        [letter.document_id, 'LETR'],
        [resume.document_id, 'RSME'],
      ]);
      expect(list.body.Documents[1]).toMatchObject({
        Name: 'Ava Martinez Resume',
        SkinCD: 'SRZ2',
        CultureCD: 'en-US',
        JobTitle: 'Marketing Manager',
      });
      expect((await api.get(`/api/documents/list?userUID=${A}&docTypeCD=RSME`, cookie)).body.Documents).toEqual([
        list.body.Documents[1],
      ]);
      expect((await api.get(`/api/documents/doccount?userUID=${A}`, cookie)).body).toEqual({ Resumes: 1, Letters: 1 });
      expect((await api.get(`/api/documents/${A}/latest`, cookie)).body).toEqual({ Document: list.body.Documents[0] });

      const E = PERSONA_UID.employer;
      expect((await api.get(`/api/documents/lastestdocid?userUID=${E}`, cookies.employer)).body).toEqual({
        DocumentID: null,
        DocTypeCD: 'RSME',
      });
      expect((await api.get(`/api/documents/list?userUID=${E}`, cookies.employer)).body).toEqual({ Documents: [] });
      expect((await api.get(`/api/documents/doccount?userUID=${E}`, cookies.employer)).body).toEqual({
        Resumes: 0,
        Letters: 0,
      });
      expect((await api.get(`/api/documents/${E}/latest`, cookies.employer)).body).toEqual({ Document: null });
    });

    it('metadata and resume score', async () => {
      const cookie = cookies['active-us'];
      const resume = await resumeOf(A);
      const metadata = await api.get(`/api/documents/metadata?documentId=${resume.document_id}`, cookie);
      expect(metadata.body).toEqual({
        DocumentID: resume.document_id,
        WordCount: resume.body.split(/\s+/).filter(Boolean).length,
        CharCount: resume.body.length,
        SkinCD: 'SRZ2',
      });
      const score = await api.get(`/api/documents/resumescore?documentId=${resume.document_id}`, cookie);
      expect(score.body).toMatchObject({
        DocumentID: resume.document_id,
        Score: 91,
        Review: { targetTitle: 'Marketing Manager' },
      });
      expect(score.body.Review.sections.map((s: { sectionTypeCD: string }) => s.sectionTypeCD)).toEqual([
        'SUMM',
        'EXPR',
        'EDUC',
      ]);
      const letter = await letterOf(A);
      expect((await api.get(`/api/documents/resumescore?documentId=${letter.document_id}`, cookie)).body).toEqual({
        DocumentID: letter.document_id,
        Score: null,
        Review: null,
      });
      expect(
        (await api.get('/api/documents/metadata?documentId=00000000-0000-4000-8000-00000000dead', cookie)).status,
      ).toBe(404);
      expect((await api.get('/api/documents/metadata?documentId=nope', cookie)).status).toBe(400);
    });

    it('review orders and their details: the review only once approved', async () => {
      const orders = await api.get(`/api/documents/rexorders?userUID=${A}`, cookies['active-us']);
      expect(orders.body.Orders).toEqual([
        {
          OrderID: expect.any(Number),
          DocumentID: (await resumeOf(A)).document_id,
          ProductCD: 'RSMRVW',
          status_cd: 'ACTV',
          step_cd: 'APPROV',
          IsFree: false,
          CreatedAt: expect.any(String),
        },
      ]);
      const approved = await api.get(
        `/api/documents/rexordersdetails?orderId=${orders.body.Orders[0].OrderID}`,
        cookies['active-us'],
      );
      expect(approved.body).toMatchObject({
        ...orders.body.Orders[0],
        DocumentName: 'Ava Martinez Resume',
        Review: { targetTitle: 'Marketing Manager' },
      });

      const theirs = await api.get(
        `/api/documents/rexorders?userUID=${PERSONA_UID['expiring-us']}`,
        cookies['expiring-us'],
      );
      expect(theirs.body.Orders).toEqual([expect.objectContaining({ step_cd: 'INPROC', IsFree: true })]);
      const inProgress = await api.get(
        `/api/documents/rexordersdetails?orderId=${theirs.body.Orders[0].OrderID}`,
        cookies['expiring-us'],
      );
      expect(inProgress.body).toMatchObject({ step_cd: 'INPROC', Review: null, DocumentName: 'Eli Brooks Resume' });
      expect((await api.get('/api/documents/rexordersdetails?orderId=1', cookies['expiring-us'])).status).toBe(404);

      // Each order answers its own review subscription's status, not ACTV for all: expired-us's
      // approved review ran out, so it has no stage any more, while active-us's reads approved.
      const lapsed = await api.get(
        `/api/documents/rexorders?userUID=${PERSONA_UID['expired-us']}`,
        cookies['expired-us'],
      );
      expect(lapsed.body.Orders).toEqual([
        expect.objectContaining({ status_cd: 'EXPD', step_cd: 'APPROV', IsFree: false }),
      ]);
      expect(
        (
          await api.get(
            `/api/documents/rexordersdetails?orderId=${lapsed.body.Orders[0].OrderID}`,
            cookies['expired-us'],
          )
        ).body,
      ).toMatchObject({ status_cd: 'EXPD' });
      expect(resumeReviewStage(lapsed.body.Orders[0])).toBe('undefined');
      expect(resumeReviewStage(orders.body.Orders[0])).toBe('approved');
      expect(resumeReviewStage(theirs.body.Orders[0])).toBe('inProgress');
    });

    it('a free review is used once and then shows everywhere', async () => {
      const uid = PERSONA_UID['trial-us'];
      const cookie = cookies['trial-us'];
      const path = `/api/payments/free-resumereview?userUID=${uid}&isNonCancellationFlow=true&deviceType=Mobile&productCD=RSMRVW&skuPortalID=1`;
      const used = await api.post(path, {}, cookie);
      expect(used.status).toBe(201);
      expect(used.body).toEqual({
        OrderID: expect.any(Number),
        is_intake_filled: false,
        is_pending: true,
        available_free: 0,
      });
      const again = await api.post(path, {}, cookie);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('NO_FREE_REVIEW');
      const orders = (await api.get(`/api/documents/rexorders?userUID=${uid}`, cookie)).body.Orders;
      expect(orders).toEqual([
        expect.objectContaining({
          OrderID: used.body.OrderID,
          IsFree: true,
          step_cd: null,
          DocumentID: (await resumeOf(uid)).document_id,
        }),
      ]);
      expect((await api.get(`/api/pages?userUID=${uid}`, cookie)).body.HasAnyFreeResumeReviewOrder).toBe(true);
      expect((await api.get(`/api/payments/${uid}/freefeatureprovided`, cookie)).body).toMatchObject({
        FreeFeatureProvided: true,
        Features: [{ orderID: used.body.OrderID }],
        FreeReview: { is_intake_filled: false, is_pending: true, available_free: 0 },
      });
      // A user who never had a free review gets 409 too.
      const none = await api.post(path.replace(uid, PERSONA_UID['new-us']), {}, cookies['new-us']);
      expect(none.status).toBe(409);
    });

    it('download returns a real PDF (or text), as an attachment unless printing', async () => {
      const resume = await resumeOf(A);
      const base = `/api/documents/download?userId=${A}&documentId=${resume.document_id}&portalId=1`;
      const cookie = cookies['active-us']!;
      const pdf = await api.raw(base, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="Ava_Martinez_Resume.pdf"');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await readPdf(bytes)).texts).toContain('Ava Martinez');

      const print = await api.raw(`${base}&isPrint=true`, { headers: { cookie } });
      expect(print.headers.get('content-disposition')).toBe('inline; filename="Ava_Martinez_Resume.pdf"');
      const text = await api.raw(`${base}&fileFormatType=TXT`, { headers: { cookie } });
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toBe(resume.body);
      // A type this back end does not write falls back to PDF (documents.test.ts holds the rule).
      expect((await api.raw(`${base}&fileFormatType=DOCX`, { headers: { cookie } })).headers.get('content-type')).toBe(
        'application/pdf',
      );
    });
  });
});
