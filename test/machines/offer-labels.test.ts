/**
 * Labels that tell the truth (issue 51): every offer button of the cancellation machines, pressed
 * by running its machine, lands where its label says. Each row names the button's text key, the
 * event the page sends for it, and where it must land; the label's words in en-US and de-DE are
 * checked against a promise (a resume, a review, a pause, a discount, cancelling, keeping).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { cancellationReminderMachine } from '../../machines/cancellation-reminder.machine';
import { cancellationSurveyMachine, type SurveyData } from '../../machines/cancellation-survey.machine';
import { REASON } from '../../machines/cancellation-survey.rules';
import { finalOfferMachine, type FinalOfferData } from '../../machines/final-offer.machine';
import { freeReviewMachine, type FreeReviewFacts } from '../../machines/free-review.machine';
import type { FreeReviewRecord } from '../../machines/free-review.rules';
import { preCancelMachine, type PreCancelData } from '../../machines/pre-cancel.machine';
import { saveOffersMachine, type SaveOffersData } from '../../machines/save-offers.machine';
import { preCancelExit } from '../../src/domain/pre-cancel-data';
import { finalOfferExit } from '../../src/features/cancellation/final-offer-effects';
import { freeReviewExit } from '../../src/features/cancellation/free-review-effects';
import { saveOffersExit } from '../../src/features/cancellation/save-offers-effects';
import { surveyExit } from '../../src/features/cancellation/survey-effects';
import { hrefOf, hrefOfDestination } from '../../src/routing/route-target';

const preCancelExitUrl = (...a: Parameters<typeof preCancelExit>) => hrefOfDestination(preCancelExit(...a));
const finalOfferExitUrl = (...a: Parameters<typeof finalOfferExit>) => hrefOf(finalOfferExit(...a));
const freeReviewExitUrl = (...a: Parameters<typeof freeReviewExit>) => hrefOfDestination(freeReviewExit(...a));
const saveOffersExitUrl = (...a: Parameters<typeof saveOffersExit>) => hrefOf(saveOffersExit(...a));
const surveyExitUrl = (...a: Parameters<typeof surveyExit>) => hrefOfDestination(surveyExit(...a));

const locales = import.meta.glob<Record<string, unknown>>('../../src/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
/** A text by namespace and dotted key, as the page shows it (plural keys in their `_other` form). */
function text(culture: string, label: string): string {
  const [ns, key] = label.split(':') as [string, string];
  let node: unknown = locales[`../../src/i18n/locales/${culture}/${ns}.json`];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${culture} has no text ${label}`);
  return node;
}

const URLS = { appBase: '/payment', dashboardUrl: '/dashboard' };
const RESUME_ID = 'd0c10000-0000-4000-8000-000000000008';
const RENEWAL = {
  nextBillingDate: '2027-01-09T00:00:00.000Z',
  endDate: '2027-01-09T00:00:00.000Z',
  unitPrice: 23.95,
  nextRenewalPrice: 23.95,
  currencyCd: 'USD',
};

// Each machine types its own input: the stand-ins take any.
const ok = fromPromise<unknown, any>(async () => ({}));
const loaded = <T>(data: T) => fromPromise<T, any>(async () => data);
const noop = () => {};

const PRE_CANCEL: PreCancelData = {
  subscription: {
    subscriptionId: 7,
    label: 'Monthly',
    accessEndsOn: RENEWAL.endDate,
    startedOn: '2026-07-24T00:00:00.000Z',
    nextRenewalPrice: '$23.95',
    renewal: RENEWAL,
  },
  saveOffer: { offerId: 'freeMonth', kind: 'freeMonth', discountPercent: null, freeMonths: 1 },
  featureBasedFlag: false,
  strategy: 'Default',
  hideOfferInOneClick: true,
  complaint: 'none',
  cancelFlowVariation: 1,
  buttonOrderVariation: null,
};
const SURVEY: SurveyData = {
  reasons: [REASON.reallyHelpful, REASON.foundJob, REASON.onlyWantedResume, REASON.notHelpful, REASON.other].map(
    (value) => ({ value, label: `cancel.reason.${value}` }),
  ),
  offers: [
    { reason: REASON.reallyHelpful, offer: 'socialCard' },
    { reason: REASON.foundJob, offer: 'seeOffer' },
    { reason: REASON.onlyWantedResume, offer: 'customizeResume' },
    { reason: REASON.notHelpful, offer: 'talkToAgent' },
  ],
  flowType: 'Default',
  holdout: false,
  redeemedOffers: [],
  subscriptionId: 7,
  jobTitle: null,
  latestResumeId: RESUME_ID,
};
const SAVE_OFFERS: SaveOffersData = {
  subscriptionId: 7,
  planLabel: 'Monthly',
  renewal: RENEWAL,
  discount: { offerId: 'halfOffNextRenewal', percent: 50 },
  pauseMonths: [1, 2, 3],
  pauseKeepsAccess: false,
};
const FINAL: FinalOfferData = {
  subscriptionId: 7,
  planLabel: 'Monthly',
  renewal: RENEWAL,
  pause: true,
  pauseKeepsAccess: false,
};
const review = (record: FreeReviewFacts['record'], hasResume = true): FreeReviewFacts => ({ record, hasResume });

/** What a label promises, read from its words; each promise allows only some destinations. */
type Promise_ =
  | 'resume'
  | 'review'
  | 'pause'
  | 'discount'
  | 'freeMonth'
  | 'cancel'
  | 'keep'
  | 'socialCard'
  | 'offers'
  | 'support'
  | 'reminder'
  | 'dashboard';
const PROMISES: Record<Promise_, { words: Record<'en-US' | 'de-DE', RegExp>; lands: RegExp }> = {
  resume: {
    words: { 'en-US': /resume/i, 'de-DE': /Lebenslauf/ },
    lands: /^(\/build\/resume\?mode=edit&documentid=|\/build-resume\/mobile\?|\/dashboard$)/,
  },
  review: {
    words: { 'en-US': /review/i, 'de-DE': /(Prüfung|Bewertung|Review|Überprüfung|Lebenslauf-Check)/i },
    lands: /^(\/payment\/resume-review|\/dashboard)$/,
  },
  pause: { words: { 'en-US': /pause/i, 'de-DE': /pausier/i }, lands: /^settings:pause(d)?$/ },
  discount: { words: { 'en-US': /% off/, 'de-DE': /%/ }, lands: /^settings:discount$/ },
  freeMonth: {
    words: { 'en-US': /free month/i, 'de-DE': /Gratismonat|kostenlos|Monat/i },
    lands: /^\/payment\/mysettings$/,
  },
  cancel: {
    words: { 'en-US': /cancel/i, 'de-DE': /kündig/i },
    lands: /^\/payment\/cancellation\/(survey|confirm|final-offer)$|^declined$/,
  },
  keep: { words: { 'en-US': /keep/i, 'de-DE': /behalten/i }, lands: /^\/payment\/mysettings$|^settings:kept$/ },
  socialCard: {
    words: { 'en-US': /social card/i, 'de-DE': /Social-Media-Karte/i },
    lands: /^\/payment\/upsell\/social-card$/,
  },
  offers: { words: { 'en-US': /offer/i, 'de-DE': /Angebot/i }, lands: /^\/payment\/cancellation\/pre\/offers$/ },
  support: { words: { 'en-US': /support/i, 'de-DE': /Kundenservice/i }, lands: /^\/dashboard$/ },
  reminder: { words: { 'en-US': /remind/i, 'de-DE': /erinner/i }, lands: /^accepted$/ },
  dashboard: {
    words: { 'en-US': /resume|dashboard/i, 'de-DE': /Lebenslauf|Dashboard|Übersicht/i },
    lands: /^\/dashboard$/,
  },
};

interface Row {
  label: string;
  promise: Promise_;
  machine: AnyStateMachine;
  /** Sends what comes before the button is shown; resolves once it is. */
  reach: (actor: AnyActorRef) => Promise<unknown>;
  press: EventObject & Record<string, unknown>;
  /** Where the end lands: a URL, or a named outcome for the ends that stay on the page. */
  landing: (output: any) => string;
}

const idle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'));
const answered = (reason: number) => async (actor: AnyActorRef) => {
  await idle(actor);
  actor.send({ type: 'survey.select', reason });
  actor.send({ type: 'survey.submit' });
  return waitFor(actor, (s) => s.matches('reasonSubmitted'));
};

const preCancel = preCancelMachine.provide({
  actors: { loadPreCancel: loaded(PRE_CANCEL), acceptSaveOffer: ok },
  actions: { leavePreCancel: noop },
});
const survey = cancellationSurveyMachine.provide({
  actors: { loadSurvey: loaded(SURVEY), submitAnswer: ok },
  actions: { leaveSurvey: noop },
});
const saveOffers = saveOffersMachine.provide({
  actors: { loadSaveOffers: loaded(SAVE_OFFERS), takeDiscount: ok, pausePlan: ok },
  actions: { leaveSaveOffers: noop },
});
const finalOffer = finalOfferMachine.provide({
  actors: { loadFinalOffer: loaded(FINAL), pausePlan: ok },
  actions: { leaveFinalOffer: noop },
});
const freeReview = (facts: FreeReviewFacts) =>
  freeReviewMachine.provide({
    actors: {
      loadFreeReview: loaded(facts),
      claimFreeReview: loaded<FreeReviewRecord>({ is_intake_filled: true, is_pending: true, available_free: 0 }),
    },
    actions: { leaveFreeReview: noop },
  });
const reminder = cancellationReminderMachine.provide({
  actors: { saveReminderPreference: ok },
  actions: { rememberAcceptedLocally: noop },
});
const reminderOffered = async (actor: AnyActorRef) => {
  actor.send({ type: 'reminder.show' });
  return waitFor(actor, (s) => s.matches('offered'));
};
const settingsOrConfirm = (output: { next: string; saved?: string | null; paused?: boolean }) =>
  output.next === 'confirm'
    ? '/payment/cancellation/confirm'
    : `settings:${output.saved ?? (output.paused ? 'paused' : 'kept')}`;

const ROWS: Row[] = [
  // Pre-cancel: the single save offer, and the page's own buttons.
  {
    label: 'pre-cancel:offer.freeMonth.accept',
    promise: 'freeMonth',
    machine: preCancel,
    reach: idle,
    press: { type: 'preCancel.acceptOffer' },
    landing: (o) => preCancelExitUrl(o, URLS),
  },
  {
    label: 'pre-cancel:offer.cancelAnyway',
    promise: 'cancel',
    machine: preCancel,
    reach: idle,
    press: { type: 'preCancel.cancel' },
    landing: (o) => preCancelExitUrl(o, URLS),
  },
  {
    label: 'pre-cancel:keep',
    promise: 'keep',
    machine: preCancel,
    reach: async (a) => (await idle(a), a.send({ type: 'preCancel.dismissOffer' })),
    press: { type: 'preCancel.keep' },
    landing: (o) => preCancelExitUrl(o, URLS),
  },
  {
    label: 'pre-cancel:getBack',
    promise: 'dashboard',
    machine: preCancel,
    reach: async (a) => (await idle(a), a.send({ type: 'preCancel.dismissOffer' })),
    press: { type: 'preCancel.getBack' },
    landing: (o) => preCancelExitUrl(o, URLS),
  },
  // The survey's post-survey offers.
  {
    label: 'cancel-survey:offer.socialCard.accept',
    promise: 'socialCard',
    machine: survey,
    reach: answered(REASON.reallyHelpful),
    press: { type: 'offer.accept' },
    landing: (o) => surveyExitUrl(o, URLS),
  },
  {
    label: 'cancel-survey:offer.seeOffer.accept',
    promise: 'offers',
    machine: survey,
    reach: answered(REASON.foundJob),
    press: { type: 'offer.accept' },
    landing: (o) => surveyExitUrl(o, URLS),
  },
  {
    label: 'cancel-survey:offer.customizeResume.accept',
    promise: 'resume',
    machine: survey,
    reach: answered(REASON.onlyWantedResume),
    press: { type: 'offer.accept' },
    landing: (o) => surveyExitUrl(o, URLS),
  },
  {
    label: 'cancel-survey:offer.talkToAgent.accept',
    promise: 'support',
    machine: survey,
    reach: answered(REASON.notHelpful),
    press: { type: 'offer.accept' },
    landing: (o) => surveyExitUrl(o, URLS),
  },
  {
    label: 'cancel-survey:offer.decline',
    promise: 'cancel',
    machine: survey,
    reach: answered(REASON.onlyWantedResume),
    press: { type: 'offer.decline' },
    landing: (o) => surveyExitUrl(o, URLS),
  },
  // The save offers.
  {
    label: 'save-offers:discount.take',
    promise: 'discount',
    machine: saveOffers,
    reach: idle,
    press: { type: 'offers.takeDiscount' },
    landing: settingsOrConfirm,
  },
  ...[1, 2, 3].map((months): Row => ({
    label: 'save-offers:pause.for_other',
    promise: 'pause',
    machine: saveOffers,
    reach: idle,
    press: { type: 'offers.pause', months },
    landing: settingsOrConfirm,
  })),
  {
    label: 'save-offers:cancel',
    promise: 'cancel',
    machine: saveOffers,
    reach: idle,
    press: { type: 'offers.cancel' },
    landing: (o) => saveOffersExitUrl(o),
  },
  {
    label: 'save-offers:keep',
    promise: 'keep',
    machine: saveOffers,
    reach: idle,
    press: { type: 'offers.keep' },
    landing: settingsOrConfirm,
  },
  // The free review, at each of its steps.
  {
    label: 'free-review:offer.action',
    promise: 'review',
    machine: freeReview(review({ is_intake_filled: false, is_pending: false, available_free: 1 })),
    reach: idle,
    press: { type: 'review.claim' },
    landing: (o) => freeReviewExitUrl(o, URLS),
  },
  {
    label: 'free-review:inReview.action',
    promise: 'review',
    machine: freeReview(review({ is_intake_filled: true, is_pending: true, available_free: 0 })),
    reach: idle,
    press: { type: 'review.go' },
    landing: (o) => freeReviewExitUrl(o, URLS),
  },
  {
    label: 'free-review:reviewReady.action',
    promise: 'review',
    machine: freeReview(review({ is_intake_filled: true, is_pending: false, available_free: 0 })),
    reach: idle,
    press: { type: 'review.go' },
    landing: (o) => freeReviewExitUrl(o, URLS),
  },
  {
    label: 'free-review:customizeResume.action',
    promise: 'resume',
    machine: freeReview(review(null)),
    reach: idle,
    press: { type: 'review.go' },
    landing: (o) => freeReviewExitUrl(o, URLS),
  },
  {
    label: 'free-review:continueCancelling',
    promise: 'cancel',
    machine: freeReview(review(null)),
    reach: idle,
    press: { type: 'review.skip' },
    landing: (o) => freeReviewExitUrl(o, URLS),
  },
  // The final offer.
  {
    label: 'final-offer:pause.take',
    promise: 'pause',
    machine: finalOffer,
    reach: idle,
    press: { type: 'final.pause' },
    landing: settingsOrConfirm,
  },
  {
    label: 'final-offer:cancel',
    promise: 'cancel',
    machine: finalOffer,
    reach: idle,
    press: { type: 'final.cancel' },
    landing: (o) => finalOfferExitUrl(o),
  },
  {
    label: 'final-offer:keep',
    promise: 'keep',
    machine: finalOffer,
    reach: idle,
    press: { type: 'final.keep' },
    landing: settingsOrConfirm,
  },
  // The cancellation reminder.
  {
    label: 'cancel-reminder:accept',
    promise: 'reminder',
    machine: reminder,
    reach: reminderOffered,
    press: { type: 'reminder.accept' },
    landing: (o) => o.outcome,
  },
];

const REMINDER_INPUT = {
  userUid: 'u-1',
  cycle: 'paid',
  periodEndsOn: '2027-01-09',
  today: '2026-12-07',
  preference: null,
  bypassPreferenceCheck: false,
  acceptedLocally: false,
  cancelFlowVariation: 4,
};

describe('labels that tell the truth: every offer button of the cancellation machines lands where its label says', () => {
  it.each(ROWS.map((row) => [`${row.label} ${JSON.stringify(row.press)}`, row] as const))('%s', async (_, row) => {
    const input = row.machine === reminder ? REMINDER_INPUT : { userUid: 'u-1', device: 'Desktop', countryCd: 'US' };
    const actor = createActor(row.machine, { input } as never).start();
    await row.reach(actor);
    expect(actor.getSnapshot().can(row.press), `${row.label} is shown only where its event is accepted`).toBe(true);
    actor.send(row.press);
    const done = await waitFor(actor, (s) => s.status === 'done');
    const landing = row.landing(done.output);
    expect(landing).toMatch(PROMISES[row.promise].lands);
    // The label's words make that promise, in English and in German.
    for (const culture of ['en-US', 'de-DE'] as const)
      expect(text(culture, row.label)).toMatch(PROMISES[row.promise].words[culture]);
  });

  it('"customize my resume" opens the person’s resume, never the free review or a pause (issue 51)', async () => {
    const actor = createActor(survey, { input: { userUid: 'u-1', device: 'Desktop' } }).start();
    await answered(REASON.onlyWantedResume)(actor);
    actor.send({ type: 'offer.accept' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(surveyExitUrl(done.output!, URLS)).toBe(`/build/resume?mode=edit&documentid=${RESUME_ID}`);
  });
});
