import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/failure';
import type { CancelPage } from '../../src/api/schemas/pages';
import {
  provideCancellationSurvey,
  surveyDataFrom,
  surveyExit,
  type CancellationSurveyDeps,
} from '../../src/features/cancellation/survey-effects';
import { HOLDOUT_VARIATION, ONE_CLICK_VARIATION } from '../../machines/pre-cancel.rules';
import { REASON } from '../../machines/cancellation-survey.rules';
import { hrefOfDestination, type Destination } from '../../src/routing/route-target';

const REASONS = [1, 2, 3, 4, 5, 6, 7, 8, 15].map((value) => ({ value, label: `cancel.reason.${value}` }));
const OFFERS = [
  { reason: 7, offer: 'socialCard' },
  { reason: 1, offer: 'seeOffer' },
  { reason: 4, offer: 'seeOffer' },
  { reason: 2, offer: 'customizeResume' },
  { reason: 8, offer: 'talkToAgent' },
];
const saveOffer = (Redeemable: boolean) => ({
  OfferID: 'freeMonth' as const,
  Kind: 'freeMonth' as const,
  DiscountPercent: null,
  FreeMonths: 1,
  Redeemable,
});

const cancelPage = (overrides: Partial<CancelPage> = {}): CancelPage => ({
  Content: { reasons: REASONS, offers: OFFERS, notes: [] },
  CancellationData: {
    SubscriptionID: 11,
    SkuID: 101,
    SkuLabel: 'Monthly Access',
    PaymentStatus: 'SUCC',
    SubscriptionStatus: 'ACTV',
  },
  SaveOffers: [saveOffer(true)],
  Pause: { Months: [1, 2, 3], Available: true, KeepsAccess: false },
  ...overrides,
});
const visitor = { device: 'Desktop' as const, cancelFlowVariation: null, random: () => 0.999999 };
const values = (list: readonly { value: number }[]) => list.map((r) => r.value);

describe('what the survey loads (surveyDataFrom)', () => {
  it('the reasons in the device’s order, the server’s offers, the subscription and the job title', () => {
    const data = surveyDataFrom(cancelPage(), 'Nurse', visitor);
    expect(values(data.reasons)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 15]);
    expect(data).toMatchObject({
      offers: OFFERS,
      flowType: 'Default',
      holdout: false,
      redeemedOffers: [],
      subscriptionId: 11,
      jobTitle: 'Nurse',
    });
  });

  it('on desktop the draw shuffles; on mobile the server’s order stays, Other last', () => {
    const reversed = cancelPage({
      Content: { reasons: [REASONS[8]!, ...REASONS.slice(0, 8).reverse()], offers: OFFERS, notes: [] },
    });
    expect(values(surveyDataFrom(reversed, null, { ...visitor, device: 'Mobile', random: () => 0 }).reasons)).toEqual([
      8, 7, 6, 5, 4, 3, 2, 1, 15,
    ]);
    expect(values(surveyDataFrom(cancelPage(), null, { ...visitor, random: () => 0 }).reasons)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 1, 15,
    ]);
  });

  it.each([
    [null, 'Default', false],
    [1, 'Default', false],
    [HOLDOUT_VARIATION, 'Default', true],
    [ONE_CLICK_VARIATION, 'ConfirmationPostSelection', false],
  ] as const)('cancel-flow variation %s: flow %s, holdout %s', (variation, flowType, holdout) => {
    expect(surveyDataFrom(cancelPage(), null, { ...visitor, cancelFlowVariation: variation })).toMatchObject({
      flowType,
      holdout,
    });
  });

  it.each([
    ['a save offer still redeemable', [saveOffer(true), saveOffer(false)], []],
    ['every save offer used', [saveOffer(false)], ['seeOffer']],
    ['no save offer at all', [], ['seeOffer']],
  ])('%s: redeemed %j', (_, SaveOffers, redeemed) => {
    expect(surveyDataFrom(cancelPage({ SaveOffers }), null, visitor).redeemedOffers).toEqual(redeemed);
  });

  it('no current subscription: the answer names none', () => {
    expect(surveyDataFrom(cancelPage({ CancellationData: null }), null, visitor).subscriptionId).toBeNull();
  });
});

describe('where the survey’s ends lead (surveyExit)', () => {
  const urls = { dashboardUrl: '/dashboard' };
  it.each([
    [{ next: 'confirmCancellation', reason: null }, '/payment/cancellation/confirm'],
    [{ next: 'confirmCancellation', reason: 3 }, '/payment/cancellation/confirm'],
    [{ next: 'offer', offer: 'socialCard', reason: 7 }, '/payment/upsell/social-card'],
    [{ next: 'offer', offer: 'seeOffer', reason: 1 }, '/payment/cancellation/pre/offers'],
    [
      {
        next: 'customizeResume',
        destination: { kind: 'editResume', documentId: 'd0c10000-0000-4000-8000-000000000008' },
        device: 'Desktop',
        reason: 2,
      },
      '/build/resume?mode=edit&documentid=d0c10000-0000-4000-8000-000000000008',
    ],
    [
      {
        next: 'customizeResume',
        destination: { kind: 'editResume', documentId: 'd0c10000-0000-4000-8000-000000000008' },
        device: 'Mobile',
        reason: 2,
      },
      '/build-resume/mobile?mode=edit&documentid=d0c10000-0000-4000-8000-000000000008',
    ],
    [{ next: 'customizeResume', destination: { kind: 'documentHome' }, device: 'Desktop', reason: 2 }, '/dashboard'],
    [{ next: 'offer', offer: 'talkToAgent', reason: 8 }, '/dashboard'],
    [{ next: 'dashboard' }, '/dashboard'],
  ] as const)('%j → %s', (output, url) => {
    expect(hrefOfDestination(surveyExit(output, urls))).toBe(url);
  });
});

function fakeApi(
  options: {
    pageData?: () => Promise<unknown>;
    answer?: () => Promise<unknown>;
    supportContact?: () => Promise<unknown>;
    latestResume?: () => Promise<unknown>;
  } = {},
) {
  const calls = { answers: [] as unknown[], moves: [] as string[] };
  const deps: CancellationSurveyDeps = {
    api: {
      pages: {
        cancel: async () => cancelPage(),
        pageData: options.pageData ?? (async () => ({ LatestJobTitle: 'Welder' })),
      },
      subscriptions: {
        answerSurvey: async (body: unknown) => {
          calls.answers.push(body);
          return options.answer ? options.answer() : { SurveyID: 1, reason_cd: 7 };
        },
      },
      documents: {
        latestId:
          options.latestResume ??
          (async () => ({ DocumentID: 'd0c10000-0000-4000-8000-000000000001', DocTypeCD: 'RSME' })),
      },
    } as unknown as CancellationSurveyDeps['api'],
    user: { UserUID: 'u-1', PortalID: 1, CountryCD: 'US' },
    visitor: () => ({ cancelFlowVariation: null, random: Math.random }),
    navigation: { go: (destination: Destination) => void calls.moves.push(hrefOfDestination(destination)) },
    dashboardUrl: '/dashboard',
    readSupportContact: options.supportContact ?? (async () => null),
  };
  return { deps, calls };
}

describe('the survey page effects', () => {
  // Issue 51: "customize my resume" went through the free review step to a pause offer.
  it.each([
    [
      'the latest resume in the builder',
      async () => ({ DocumentID: 'd0c10000-0000-4000-8000-000000000001', DocTypeCD: 'RSME' }),
      '/build/resume?mode=edit&documentid=d0c10000-0000-4000-8000-000000000001',
    ],
    ['the document home without a resume', async () => ({ DocumentID: null, DocTypeCD: 'RSME' }), '/dashboard'],
    ['the document home when the resume cannot be read', async () => Promise.reject(new Error('503')), '/dashboard'],
  ])('"customize my resume" opens %s', async (_, latestResume, url) => {
    const { deps, calls } = fakeApi({ latestResume });
    const actor = createActor(provideCancellationSurvey(deps), {
      input: { userUid: 'u-1', device: 'Desktop' },
    }).start();
    await waitFor(actor, (s) => s.matches('default'));
    actor.send({ type: 'survey.select', reason: REASON.onlyWantedResume });
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => s.matches('reasonSubmitted'));
    actor.send({ type: 'offer.accept' });
    expect(calls.moves).toEqual([url]);
  });

  it('loads, sends the answer for the subscription and leads to the offer accepted', async () => {
    const { deps, calls } = fakeApi();
    const actor = createActor(provideCancellationSurvey(deps), { input: { userUid: 'u-1', device: 'Mobile' } }).start();
    const ready = await waitFor(actor, (s) => s.matches('default'));
    expect(ready.context.jobTitle).toBe('Welder');
    expect(values(ready.context.reasons)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 15]);
    actor.send({ type: 'survey.select', reason: REASON.reallyHelpful });
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => s.matches('reasonSubmitted'));
    expect(calls.answers).toEqual([{ user_uid: 'u-1', subscription_id: 11, reason_cd: 7, flow_type: 'Default' }]);
    actor.send({ type: 'offer.accept' });
    expect(calls.moves).toEqual(['/payment/upsell/social-card']);
  });

  it('is ready only once the support contact its agent offer shows is in, so the contact is drawn with the offer', async () => {
    let answer: (contact: null) => void = () => undefined;
    const { deps } = fakeApi({ supportContact: () => new Promise((resolve) => (answer = resolve)) });
    const actor = createActor(provideCancellationSurvey(deps), {
      input: { userUid: 'u-1', device: 'Desktop' },
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    answer(null);
    await waitFor(actor, (s) => s.matches('default'));
  });

  it('without the page data the plain heading is kept, and the survey still loads', async () => {
    const { deps } = fakeApi({
      pageData: () => Promise.reject(new ApiFailure('server', 503, 'DATABASE_UNAVAILABLE', 'down')),
    });
    const actor = createActor(provideCancellationSurvey(deps), {
      input: { userUid: 'u-1', device: 'Desktop' },
    }).start();
    expect((await waitFor(actor, (s) => s.matches('default'))).context.jobTitle).toBeNull();
  });

  it('a failed send keeps the answer; skipping goes to the confirmation', async () => {
    const { deps, calls } = fakeApi({
      answer: () => Promise.reject(new ApiFailure('server', 503, 'DATABASE_UNAVAILABLE', 'down')),
    });
    const actor = createActor(provideCancellationSurvey(deps), {
      input: { userUid: 'u-1', device: 'Desktop' },
    }).start();
    await waitFor(actor, (s) => s.matches('default'));
    actor.send({ type: 'survey.select', reason: REASON.cantAfford });
    actor.send({ type: 'survey.submit' });
    expect((await waitFor(actor, (s) => s.matches('submitFailed'))).context.reason).toBe(REASON.cantAfford);
    actor.send({ type: 'survey.skip' });
    expect(calls.moves).toEqual(['/payment/cancellation/confirm']);
  });
});
