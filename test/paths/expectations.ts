/**
 * What each state of each registered machine must show, checked at every step of every
 * generated path (replay.ts). A state missing here fails the replay, so a new state cannot go
 * untested. Keyed by machine name (machines/index.ts), then by state name.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { offerForReason } from '../../machines/cancellation-survey.rules';
import {
  offersCancellationReminder,
  remainingDays,
  type ReminderAudience,
} from '../../machines/cancellation-reminder.rules';
import { freeReviewStep } from '../../machines/free-review.rules';
import {
  cancelButtonOrder,
  cancelFlowArm,
  showsFeatureBasedPage,
  stepAfterCancel,
} from '../../machines/pre-cancel.rules';
import { cancelledEvent, isCancellable } from '../../machines/cancellation-confirm.rules';
import { isRatingStars, RATING_COMMENT_MAX } from '../../machines/cancellation-rating.rules';
import { confirmationExit, confirmationVariant, offersContinue } from '../../machines/order-confirmation.rules';
import { SKIP_OFFER } from '../../machines/low-intent-offer.rules';
import { isOfferedPlan } from '../../machines/purchase-funnel.rules';
import { isSignedInUser } from '../../machines/startup-access.rules';
import { isValidAccountId, isValidEmail } from '../../machines/validation.rules';
import { detailsCategory, isManageable, pauseBooked } from '../../machines/manage-subscription.rules';
import { offerPath, OFFER_PRODUCTS, PROGRESS_STEPS } from '../../machines/upsell-sequence.rules';
import { areAnswersValid, answersOf } from '../../machines/service-intake.rules';
import { HISTORY_PAGE_SIZE, isReversedRange, pageOf } from '../../machines/billing-history.rules';
import { asksSurvey, isSurveyReason, statusOf } from '../../machines/upsell-offers.rules';
import { hasOffers, isOfferedSku } from '../../machines/service-offers.rules';
import { allowedEntries, hasBillingProblem } from '../../machines/my-settings.rules';
import { canChangeCardFor, missingBillingField } from '../../machines/payment-method.rules';
import type { StateExpectations } from './replay';

type S = AnyMachineSnapshot;
const ctx = (s: S) => s.context as Record<string, any>;
const ended = (s: S) => expect(s.status).toBe('done');
const active = (s: S) => expect(s.status).toBe('active');

/** A start-up that ended sends the visitor to `destination`. */
const endsAt = (destination: string) => (s: S) => {
  ended(s);
  expect(s.output).toEqual({ destination });
};
const startupAccess: StateExpectations = {
  loadingConfig: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).claims).toBeNull();
  },
  checkingClaims: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).claims).toBeNull();
  },
  claimsUnavailable: (s) => {
    expect(s.hasTag('awaitingRetry')).toBe(true);
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'startup.retry' })).toBe(true);
  },
  'signedIn.loadingUserData': (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(isSignedInUser(ctx(s).claims)).toBe(true);
  },
  'signedIn.userDataFailed': (s) => {
    expect(s.hasTag('awaitingRetry')).toBe(true);
    expect(ctx(s).userDataLoaded).toBe(false);
    expect(ctx(s).preferences).toBeNull();
    expect(s.can({ type: 'startup.retry' })).toBe(true);
  },
  'signedIn.decidingTheme': (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).userDataLoaded).toBe(true);
    expect(ctx(s).preferences).toEqual(expect.any(Array));
  },
  'signedIn.ready': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.hasTag('themeFinal')).toBe(true);
    expect(ctx(s).theme).toEqual(expect.any(String));
    expect(isSignedInUser(ctx(s).claims)).toBe(true);
  },
  'guest.decidingTheme': (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).claims === null || !isSignedInUser(ctx(s).claims)).toBe(true);
  },
  'guest.ready': (s) => {
    expect(s.hasTag('themeFinal')).toBe(true);
    expect(ctx(s).theme).toEqual(expect.any(String));
  },
  employerSurvey: endsAt('employerSurvey'),
  mySettings: (s) => {
    endsAt('mySettings')(s);
    expect(isSignedInUser(ctx(s).claims)).toBe(true);
  },
  resumePage: endsAt('resumePage'),
  timeout: endsAt('timeout'),
};

const cancellationRequest: StateExpectations = {
  'form.email.untouched': (s) => expect(ctx(s).errorsRevealed).toBe(false),
  'form.email.valid': (s) => expect(isValidEmail(ctx(s).values.email)).toBe(true),
  'form.email.invalid': (s) => expect(isValidEmail(ctx(s).values.email)).toBe(false),
  'form.accountId.untouched': (s) => expect(ctx(s).errorsRevealed).toBe(false),
  'form.accountId.valid': (s) => expect(isValidAccountId(ctx(s).values.accountId)).toBe(true),
  'form.accountId.invalid': (s) => expect(isValidAccountId(ctx(s).values.accountId)).toBe(false),
  'form.captcha.untouched': (s) => {
    expect(ctx(s).captchaPayload).toBeNull();
    expect(ctx(s).errorsRevealed).toBe(false);
  },
  'form.captcha.solved': (s) => expect(ctx(s).captchaPayload).toEqual(expect.any(String)),
  'form.captcha.invalid': (s) => expect(ctx(s).captchaPayload).toBeNull(),
  'form.termination.ordinary': (s) => expect(ctx(s).values.extraordinary).toBe(false),
  'form.termination.extraordinary': (s) => expect(ctx(s).values.extraordinary).toBe(true),
  'form.submission.idle': (s) => {
    expect(ctx(s).receipt).toBeNull();
    expect(s.can({ type: 'form.submitted' })).toBe(true);
  },
  'form.submission.submitting': (s) => {
    expect(ctx(s).failure).toBeNull();
    expect(s.matches({ form: { email: 'valid', accountId: 'valid', captcha: 'solved' } })).toBe(true);
  },
  'form.submission.failed': (s) => {
    expect(ctx(s).failure).not.toBeNull();
    expect(s.can({ type: 'form.retried' })).toBe(true);
  },
  received: (s) => {
    ended(s);
    expect(s.output).toEqual({ receipt: ctx(s).receipt });
    expect(ctx(s).receipt).not.toBeNull();
  },
};

const lowIntentOffer: StateExpectations = {
  notShown: (s) => {
    expect(ctx(s).shownAt).toBeNull();
    expect(ctx(s).choice).toBeNull();
  },
  shown: (s) => {
    expect(ctx(s).shownAt).toEqual(expect.any(Number));
    expect(ctx(s).choice).toBeNull();
  },
  accepted: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'accepted', offer: ctx(s).choice });
    expect(ctx(s).block.offers).toContain(ctx(s).choice);
  },
  declined: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'declined', offer: SKIP_OFFER });
  },
};

const showsOrder = (s: S) => {
  active(s);
  expect(ctx(s).order).not.toBeNull();
  expect(s.hasTag('loading')).toBe(false);
};
const welcomeOpen = (s: S) => {
  showsOrder(s);
  expect(s.hasTag('welcomeOpen')).toBe(true);
  expect(s.can({ type: 'confirmation.continue' })).toBe(false);
};
/** The order is shown with no modal over it: the dashboard is always a way on, continuing only where the page offers it. */
const mayLeave =
  ({ continues }: { continues: boolean }) =>
  (s: S) => {
    showsOrder(s);
    expect(s.hasTag('welcomeOpen')).toBe(false);
    expect(s.can({ type: 'confirmation.continue' })).toBe(continues);
    expect(s.can({ type: 'confirmation.dashboard' })).toBe(true);
  };
const orderConfirmation: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).order).toBeNull();
  },
  failed: (s) => {
    expect(ctx(s).failure).not.toBeNull();
    expect(ctx(s).order).toBeNull();
  },
  'shown.legacy': mayLeave({ continues: false }),
  'shown.saveFlow': (s) => mayLeave({ continues: offersContinue(ctx(s).request) })(s),
  'shown.purchase': (s) => {
    mayLeave({ continues: offersContinue(ctx(s).request) })(s);
    expect(ctx(s).request.pageCode).toBe('PurchaseConfirmation');
  },
  'shown.bigInterview': (s) => {
    mayLeave({ continues: offersContinue(ctx(s).request) })(s);
    expect(ctx(s).request.pageCode).toBe('BigInterviewOrderConfirmation');
  },
  'shown.mobile.welcomeOpen': welcomeOpen,
  'shown.mobile.welcomeClosed': (s) => mayLeave({ continues: offersContinue(ctx(s).request) })(s),
  'shown.standard.welcomeOpen': welcomeOpen,
  'shown.standard.welcomeClosed': (s) => mayLeave({ continues: offersContinue(ctx(s).request) })(s),
  afterPurchase: (s) => {
    ended(s);
    expect(s.output.leftBy).toBe(ctx(s).leftBy);
    // isFeedBackTool leaves no way but the dashboard.
    if (ctx(s).request.dashboardForced) expect(s.output.leftBy).toBe('dashboard');
    expect(s.output.exit).toBe(
      confirmationExit({
        leftBy: ctx(s).leftBy,
        dashboardForced: ctx(s).request.dashboardForced,
        variant: confirmationVariant(ctx(s).request),
      }),
    );
  },
};

const choosesPlan = (s: S) => {
  expect(s.hasTag('step.chooseAccess')).toBe(true);
  expect(ctx(s).offer).not.toBeNull();
};
const paysFor = (s: S) => {
  expect(s.hasTag('step.paymentDetails')).toBe(true);
  expect(isOfferedPlan(ctx(s).offer.skus, ctx(s).selectedSkuId)).toBe(true);
};
const processing = (s: S) => {
  paysFor(s);
  expect(ctx(s).failure).toBeNull();
  expect(s.can({ type: 'plan.change' })).toBe(false);
};
const purchaseFunnel: StateExpectations = {
  loading: (s) => {
    active(s);
    expect(s.hasTag('step.paymentDetails')).toBe(false);
    expect(s.can({ type: 'plan.continue' })).toBe(false);
  },
  unavailable: (s) => {
    active(s);
    expect(s.can({ type: 'offer.retry' })).toBe(true);
    expect(s.can({ type: 'plan.continue' })).toBe(false);
  },
  lookingUpJob: (s) => {
    expect(ctx(s).jobId).toEqual(expect.any(String));
    expect(ctx(s).offer).not.toBeNull();
  },
  choosingPlan: choosesPlan,
  'checkout.editing': (s) => {
    paysFor(s);
    expect(s.can({ type: 'plan.change' })).toBe(true);
  },
  'checkout.processing.waiting': (s) => {
    processing(s);
    expect(s.hasTag('notice.delayedProcessing')).toBe(false);
  },
  'checkout.processing.delayed': (s) => {
    processing(s);
    expect(s.hasTag('notice.delayedProcessing')).toBe(true);
    expect(ctx(s).paymentMethod).not.toBe('PYPL');
  },
  'checkout.processing.overdue': (s) => {
    processing(s);
    expect(s.hasTag('notice.delayedProcessing')).toBe(true);
  },
  completingApm: (s) => {
    expect(s.hasTag('step.paymentDetails')).toBe(true);
    expect(ctx(s).apmReturn).not.toBeNull();
  },
  redirectingToApm: (s) => {
    ended(s);
    expect(s.output).toEqual({ kind: 'redirect', url: ctx(s).redirectUrl });
  },
  alreadySubscribed: (s) => {
    ended(s);
    expect(s.output).toEqual({ kind: 'alreadySubscribed' });
    expect(ctx(s).offer.alreadySubscribed).toBe(true);
  },
  signingIn: (s) => {
    ended(s);
    expect(s.output).toEqual({ kind: 'signIn', skuId: ctx(s).selectedSkuId });
    expect(ctx(s).offer.signedIn).toBe(false);
  },
  paid: (s) => {
    ended(s);
    expect(s.hasTag('step.finished')).toBe(true);
    expect(s.output).toMatchObject({ kind: 'paid', payment: ctx(s).payment });
  },
};

const checkoutFrame: StateExpectations = {
  loading: (s) => {
    active(s);
    expect(ctx(s).outcome).toBeNull();
  },
  unavailable: (s) => {
    expect(ctx(s).outcome).toBeNull();
    expect(s.can({ type: 'frame.reload' })).toBe(true);
  },
  ready: (s) => {
    expect(ctx(s).frameSkuId).toEqual(expect.any(Number));
    expect(ctx(s).outcome).toBeNull();
  },
  paying: (s) => {
    expect(ctx(s).failure).toBeNull();
    expect(s.can({ type: 'frame.loaderHidden' })).toBe(true);
  },
  paid: (s) => {
    ended(s);
    expect(s.output).toMatchObject({ kind: 'paid' });
  },
  redirecting: (s) => {
    ended(s);
    expect(s.output).toMatchObject({ kind: 'redirect', url: expect.stringContaining(ctx(s).frameOrigin) });
  },
};

const mySettings: StateExpectations = {
  loading: (s) => expect(s.hasTag('loading')).toBe(true),
  failed: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'plan.retry' })).toBe(true);
    expect(ctx(s).entries).toEqual([]);
  },
  loaded: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'plan.retry' })).toBe(false);
    expect(hasBillingProblem(ctx(s).plan)).toBe(false);
    expect(ctx(s).entries).toEqual(allowedEntries({ plan: ctx(s).plan, paymentMethod: ctx(s).paymentMethod }));
    expect(ctx(s).entries).toContain('billingHistory');
  },
  billingProblem: (s) => {
    expect(s.hasTag('shown')).toBe(true);
    expect(hasBillingProblem(ctx(s).plan)).toBe(true);
    // The way to fix it is open: a new card.
    expect(ctx(s).entries).toContain('changePaymentMethod');
    expect(ctx(s).entries).not.toContain('cancel');
  },
};

const paymentMethod: StateExpectations = {
  loading: (s) => expect(s.hasTag('loading')).toBe(true),
  loadFailed: (s) => expect(s.can({ type: 'account.retry' })).toBe(true),
  unavailable: (s) => {
    expect(canChangeCardFor(ctx(s).plan)).toBe(false);
    expect(s.hasTag('form')).toBe(false);
  },
  ready: (s) => {
    expect(canChangeCardFor(ctx(s).plan)).toBe(true);
    expect(s.hasTag('form')).toBe(true);
    expect(s.can({ type: 'card.retry' })).toBe(false);
    if (ctx(s).billingMissing) expect(missingBillingField(ctx(s).billing)).toBe(ctx(s).billingMissing);
    // A declined card or missing billing name left the old card on file.
    if (ctx(s).declined) expect(ctx(s).result).toMatchObject({ Outcome: 'DECLINED' });
  },
  saving: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    // A second press while saving does nothing.
    expect(s.can({ type: 'card.entered', card: { cardType: 'VISA', lastFour: '4242', outcome: 'approved' } })).toBe(
      false,
    );
  },
  saveFailed: (s) => {
    expect(s.can({ type: 'card.retry' })).toBe(true);
    expect(ctx(s).card).not.toBeNull();
  },
  saved: (s) => {
    ended(s);
    expect(ctx(s).result).toMatchObject({ Outcome: 'SAVED' });
    expect(ctx(s).paymentMethod).toEqual(ctx(s).result.PaymentMethod);
  },
  renewalFailed: (s) => {
    ended(s);
    expect(ctx(s).result).toMatchObject({ Outcome: 'SAVED', Renewal: { Status: 'FAIL' } });
  },
};

/** The cancel action is one step away in every state that is not the end. */
const canCancel = (s: S) => expect(s.can({ type: 'survey.skip' }) || s.can({ type: 'offer.decline' })).toBe(true);
const cancellationSurvey: StateExpectations = {
  loading: (s) => {
    // Nothing to answer yet, but cancelling does not wait for it.
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).reasons).toEqual([]);
    expect(s.can({ type: 'survey.select', reason: 1 })).toBe(false);
    canCancel(s);
  },
  loadFailed: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ctx(s).reasons).toEqual([]);
    expect(s.can({ type: 'survey.retry' })).toBe(true);
    canCancel(s);
  },
  default: (s) => {
    expect(ctx(s).reasons.length).toBeGreaterThan(0);
    expect(ctx(s).reason).toBeNull();
    expect(s.can({ type: 'survey.submit' })).toBe(false);
    canCancel(s);
  },
  reasonSelected: (s) => {
    expect(ctx(s).reasons.map((r: { value: number }) => r.value)).toContain(ctx(s).reason);
    expect(s.can({ type: 'survey.submit' })).toBe(true);
    canCancel(s);
  },
  submitting: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).reason).toEqual(expect.any(Number));
    expect(s.can({ type: 'survey.submit' })).toBe(false);
  },
  submitFailed: (s) => {
    // The answer is kept for the retry.
    expect(ctx(s).reason).toEqual(expect.any(Number));
    expect(s.can({ type: 'survey.retry' })).toBe(true);
    canCancel(s);
  },
  reasonSubmitted: (s) => {
    expect(ctx(s).flowType).toBe('Default');
    expect(ctx(s).holdout).toBe(false);
    const offer = offerForReason(ctx(s).reason, ctx(s).offers);
    expect(offer).not.toBeNull();
    expect(ctx(s).redeemedOffers).not.toContain(offer);
    expect(s.can({ type: 'offer.accept' })).toBe(true);
    canCancel(s);
  },
  cancelling: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'confirmCancellation', reason: ctx(s).reason });
  },
  offerChosen: (s) => {
    ended(s);
    expect(s.output).toEqual({
      next: 'offer',
      offer: offerForReason(ctx(s).reason, ctx(s).offers),
      reason: ctx(s).reason,
    });
    expect(s.output.offer).not.toBeNull();
    expect(s.output.offer).not.toBe('customizeResume');
  },
  customizingResume: (s) => {
    // "Customize my resume" opens the person's resume (or the document home), never a review or a pause.
    ended(s);
    expect(offerForReason(ctx(s).reason, ctx(s).offers)).toBe('customizeResume');
    expect(s.output).toEqual({
      next: 'customizeResume',
      destination: ctx(s).latestResumeId
        ? { kind: 'editResume', documentId: ctx(s).latestResumeId }
        : { kind: 'documentHome' },
      device: ctx(s).device,
      reason: ctx(s).reason,
    });
  },
  returnedToDashboard: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'dashboard' });
  },
};

/** The free review shows the step the rule gives for what was loaded, with the cancellation one move away. */
const atFreeReviewStep = (step: string) => (s: S) => {
  expect(freeReviewStep(ctx(s).record, ctx(s).hasResume)).toBe(step);
  expect(s.can({ type: 'review.skip' })).toBe(true);
};
const freeReviewEnd = (next: string) => (s: S) => {
  ended(s);
  expect(s.output).toEqual({ next });
};
const freeReview: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).record).toBeNull();
  },
  failed: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'review.retry' })).toBe(true);
  },
  offer: (s) => {
    atFreeReviewStep('offer')(s);
    expect(s.can({ type: 'review.claim' })).toBe(true);
  },
  claiming: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'review.claim' })).toBe(false);
  },
  claimFailed: (s) => {
    expect(s.can({ type: 'review.claim' })).toBe(true);
    expect(s.can({ type: 'review.skip' })).toBe(true);
  },
  inReview: atFreeReviewStep('inReview'),
  reviewReady: atFreeReviewStep('reviewReady'),
  customizeResume: atFreeReviewStep('customizeResume'),
  toIntake: (s) => {
    freeReviewEnd('intake')(s);
    expect(ctx(s).record).toMatchObject({ is_pending: true, available_free: 0 });
  },
  waiting: freeReviewEnd('waitForReview'),
  openingReview: freeReviewEnd('review'),
  toDocumentHome: freeReviewEnd('documentHome'),
  continuing: freeReviewEnd('continueCancelling'),
};

const cancellationReminder: StateExpectations = {
  idle: (s) => {
    active(s);
    expect(ctx(s).daysLeft).toBe(remainingDays(ctx(s).periodEndsOn, ctx(s).today));
  },
  offered: (s) => {
    expect(offersCancellationReminder(ctx(s) as ReminderAudience)).toBe(true);
    expect(s.can({ type: 'reminder.accept' })).toBe(true);
    expect(s.can({ type: 'reminder.decline' })).toBe(true);
  },
  saving: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'reminder.accept' })).toBe(false);
  },
  saveFailed: (s) => {
    expect(s.can({ type: 'reminder.accept' })).toBe(true);
    expect(s.can({ type: 'reminder.decline' })).toBe(true);
  },
  accepted: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'accepted', cycle: ctx(s).cycle, daysLeft: ctx(s).daysLeft });
  },
  declined: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'declined' });
  },
  notOffered: (s) => {
    ended(s);
    expect(offersCancellationReminder(ctx(s) as ReminderAudience)).toBe(false);
    expect(s.output).toEqual({ outcome: 'notOffered' });
  },
};

/** The page is drawn with the plan, its variant and its button order as the rules say. */
const preCancelPage = (s: S) => {
  active(s);
  expect(ctx(s).data.subscription).not.toBeNull();
  expect(ctx(s).featureBasedPage).toBe(showsFeatureBasedPage(ctx(s).data.featureBasedFlag, ctx(s).countryCd));
  expect(ctx(s).buttonOrder).toEqual(cancelButtonOrder(ctx(s).device, ctx(s).data.buttonOrderVariation));
  // Cancel stands beside every offer and page; keep stands on the page, behind the offer's dialog.
  expect(s.can({ type: 'preCancel.cancel' })).toBe(true);
  expect(s.can({ type: 'preCancel.keep' })).toBe(!s.matches('offering'));
};
const preCancel: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).data).toBeNull();
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'preCancel.retry' })).toBe(true);
    expect(s.can({ type: 'preCancel.keep' })).toBe(true);
    expect(s.can({ type: 'preCancel.cancel' })).toBe(false);
  },
  nothingToCancel: (s) => {
    expect(ctx(s).data.subscription).toBeNull();
    expect(s.can({ type: 'preCancel.cancel' })).toBe(false);
    expect(s.can({ type: 'preCancel.keep' })).toBe(true);
  },
  offering: (s) => {
    preCancelPage(s);
    expect(ctx(s).data.saveOffer).not.toBeNull();
    expect(cancelFlowArm(ctx(s).data.cancelFlowVariation)).toBe('offers');
    expect(ctx(s).data.strategy === 'OneClick' && ctx(s).data.hideOfferInOneClick).toBe(false);
    expect(s.can({ type: 'preCancel.acceptOffer' })).toBe(true);
  },
  deciding: (s) => {
    preCancelPage(s);
    expect(s.can({ type: 'preCancel.getBack' })).toBe(true);
    expect(s.can({ type: 'preCancel.acceptOffer' })).toBe(false);
  },
  accepting: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'preCancel.cancel' })).toBe(false);
  },
  acceptFailed: (s) => {
    preCancelPage(s);
    expect(s.can({ type: 'preCancel.acceptOffer' })).toBe(true);
  },
  cancelling: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: stepAfterCancel(ctx(s).data.strategy) });
  },
  offerAccepted: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'offerAccepted', offerId: ctx(s).data.saveOffer.offerId });
  },
  kept: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'settings' });
  },
  gotBack: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'dashboard' });
  },
};

/** Cancel and keep are offered together, and only while nothing is on its way. */
const offersBothChoices = (s: S) => {
  expect(s.can({ type: 'confirm.cancel' })).toBe(true);
  expect(s.can({ type: 'confirm.keep' })).toBe(true);
};
const cancellationConfirm: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.can({ type: 'confirm.cancel' })).toBe(false);
  },
  loadFailed: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ctx(s).plan).toBeNull();
    expect(s.can({ type: 'confirm.retry' })).toBe(true);
    expect(s.can({ type: 'confirm.cancel' })).toBe(false);
  },
  nothingToCancel: (s) => {
    expect(!isCancellable(ctx(s).plan) || ctx(s).failure === 'notCancellable').toBe(true);
    expect(s.can({ type: 'confirm.cancel' })).toBe(false);
    expect(s.can({ type: 'confirm.keep' })).toBe(true);
  },
  'ready.idle': (s) => {
    expect(isCancellable(ctx(s).plan)).toBe(true);
    offersBothChoices(s);
    expect(ctx(s).failure).toBeNull();
    expect(s.hasTag('cancelFailed')).toBe(false);
  },
  'ready.cancelFailed': (s) => {
    expect(ctx(s).failure).toBe('unavailable');
    expect(ctx(s).plan).not.toBeNull();
    expect(s.hasTag('cancelFailed')).toBe(true);
    offersBothChoices(s);
  },
  cancelling: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).failure).toBeNull();
    // A second click while the cancellation is on its way does nothing.
    expect(s.can({ type: 'confirm.cancel' })).toBe(false);
    expect(s.can({ type: 'confirm.keep' })).toBe(false);
  },
  cancelled: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'cancelled', cancellation: ctx(s).cancellation });
    expect(cancelledEvent(ctx(s).plan, ctx(s).cancellation, ctx(s).cancelFlowVariation).props.cancellation_number).toBe(
      ctx(s).cancellation.CancellationNumber,
    );
  },
  kept: (s) => {
    ended(s);
    expect(s.output).toEqual({ outcome: 'kept' });
    expect(ctx(s).cancellation).toBeNull();
  },
};

/** The offers are drawn with cancel beside them: the discount only while it can be taken, the pauses the plan may book. */
const showsSaveOffers = (s: S) => {
  active(s);
  expect(ctx(s).data.subscriptionId).toEqual(expect.any(Number));
  expect(s.can({ type: 'offers.cancel' })).toBe(true);
  expect(s.can({ type: 'offers.keep' })).toBe(true);
  expect(s.can({ type: 'offers.takeDiscount' })).toBe(ctx(s).data.discount !== null);
  for (const months of [1, 2, 3, 6])
    expect(s.can({ type: 'offers.pause', months })).toBe(ctx(s).data.pauseMonths.includes(months));
};
const saveOffersEnd = (output: unknown) => (s: S) => {
  ended(s);
  expect(s.output).toEqual(output);
};
const saveOffers: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).data).toBeNull();
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'offers.retry' })).toBe(true);
    expect(s.can({ type: 'offers.cancel' })).toBe(false);
  },
  nothingToCancel: (s) => {
    expect(ctx(s).data.subscriptionId).toBeNull();
    expect(s.can({ type: 'offers.cancel' })).toBe(false);
    expect(s.can({ type: 'offers.keep' })).toBe(true);
  },
  choosing: showsSaveOffers,
  takingDiscount: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).data.discount).not.toBeNull();
    expect(s.can({ type: 'offers.cancel' })).toBe(false);
  },
  pausing: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).data.pauseMonths).toContain(ctx(s).months);
    expect(s.can({ type: 'offers.cancel' })).toBe(false);
  },
  failed: (s) => {
    // The page and the choice made are kept for a retry.
    showsSaveOffers(s);
  },
  cancelling: saveOffersEnd({ next: 'confirm' }),
  discountTaken: saveOffersEnd({ next: 'settings', saved: 'discount' }),
  paused: saveOffersEnd({ next: 'settings', saved: 'pause' }),
  kept: saveOffersEnd({ next: 'settings', saved: null }),
};

/** A shown plan: active, with the ways on its view and category allow, "resume now" only with a pause booked. */
const showsManagedPlan = (s: S) => {
  active(s);
  const plan = ctx(s).plan;
  expect(isManageable(plan.statusCd)).toBe(true);
  const manage = ctx(s).view === 'manage';
  const category = detailsCategory(plan.surveyAnswered);
  expect(s.can({ type: 'manage.resume' })).toBe(pauseBooked(plan));
  expect(s.can({ type: 'manage.cancel' })).toBe(manage);
  expect(s.can({ type: 'manage.details' })).toBe(manage);
  expect(s.can({ type: 'manage.saveOrPause' })).toBe(manage || category === 'reviewAndRetention');
  expect(s.can({ type: 'manage.survey' })).toBe(!manage && category === 'benefitsAndSurvey');
  expect(s.can({ type: 'manage.review' })).toBe(!manage && category === 'reviewAndRetention');
  expect(s.can({ type: 'manage.settings' })).toBe(true);
  expect(s.can({ type: 'manage.retry' })).toBe(false);
};
const manageEnd = (next: string) => (s: S) => {
  ended(s);
  expect(s.output).toEqual({ next });
};
const manageSubscription: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.can({ type: 'manage.settings' })).toBe(false);
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'manage.retry' })).toBe(true);
    expect(s.can({ type: 'manage.settings' })).toBe(true);
    expect(s.can({ type: 'manage.cancel' })).toBe(false);
  },
  notActive: (s) => {
    // Anyone without an active plan: only the way back to my settings.
    expect(isManageable(ctx(s).plan?.statusCd)).toBe(false);
    expect(s.can({ type: 'manage.settings' })).toBe(true);
    for (const type of [
      'manage.resume',
      'manage.saveOrPause',
      'manage.cancel',
      'manage.details',
      'manage.survey',
      'manage.review',
    ] as const)
      expect(s.can({ type })).toBe(false);
  },
  showing: showsManagedPlan,
  resuming: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(pauseBooked(ctx(s).plan)).toBe(true);
    expect(s.can({ type: 'manage.settings' })).toBe(false);
  },
  // The plan and its ways on stay for a retry.
  resumeFailed: showsManagedPlan,
  toOffers: manageEnd('offers'),
  toCancel: manageEnd('cancel'),
  toDetails: manageEnd('details'),
  toSurvey: manageEnd('survey'),
  toReview: manageEnd('review'),
  toSettings: manageEnd('settings'),
};

/** Skipping is one move wherever the person can act; the stars chosen are always a valid rating. */
const canSkipRating = (s: S) => {
  active(s);
  expect(s.can({ type: 'rating.skip' })).toBe(true);
  expect(ctx(s).comment.length).toBeLessThanOrEqual(RATING_COMMENT_MAX);
  expect(s.can({ type: 'rating.choose', rating: 6 })).toBe(false);
};
const cancellationRating: StateExpectations = {
  idle: (s) => {
    canSkipRating(s);
    expect(ctx(s).rating).toBeNull();
    expect(s.can({ type: 'rating.submit' })).toBe(false);
  },
  rated: (s) => {
    canSkipRating(s);
    expect(isRatingStars(ctx(s).rating)).toBe(true);
    expect(s.can({ type: 'rating.submit' })).toBe(true);
  },
  sending: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(isRatingStars(ctx(s).rating)).toBe(true);
    expect(s.can({ type: 'rating.skip' })).toBe(false);
  },
  sendFailed: (s) => {
    // The stars and the comment are kept for the retry.
    canSkipRating(s);
    expect(isRatingStars(ctx(s).rating)).toBe(true);
    expect(s.can({ type: 'rating.retry' })).toBe(true);
  },
  thanked: (s) => {
    ended(s);
    expect(s.output).toEqual({ rated: true });
  },
  skipped: (s) => {
    ended(s);
    expect(s.output).toEqual({ rated: false });
  },
};

/** The final offer is drawn with cancel and keep beside it; the pause only where it is offered. */
const showsFinalOffer = (s: S) => {
  active(s);
  expect(ctx(s).data.subscriptionId).toEqual(expect.any(Number));
  expect(s.can({ type: 'final.cancel' })).toBe(true);
  expect(s.can({ type: 'final.keep' })).toBe(true);
  expect(s.can({ type: 'final.pause' })).toBe(ctx(s).data.pause);
};
const finalOfferEnd = (output: unknown) => (s: S) => {
  ended(s);
  expect(s.output).toEqual(output);
};
const finalOffer: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).data).toBeNull();
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'final.retry' })).toBe(true);
    expect(s.can({ type: 'final.keep' })).toBe(true);
    expect(s.can({ type: 'final.cancel' })).toBe(false);
  },
  nothingToCancel: (s) => {
    expect(ctx(s).data.subscriptionId).toBeNull();
    expect(s.can({ type: 'final.cancel' })).toBe(false);
    expect(s.can({ type: 'final.keep' })).toBe(true);
  },
  choosing: showsFinalOffer,
  pausing: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).data.pause).toBe(true);
    expect(s.can({ type: 'final.cancel' })).toBe(false);
  },
  failed: showsFinalOffer,
  cancelling: finalOfferEnd({ next: 'confirm' }),
  paused: finalOfferEnd({ next: 'settings', paused: true }),
  kept: finalOfferEnd({ next: 'settings', paused: false }),
};

/** Every offer state shows one add-on of the sequence, with skip and the dashboard one move away (except while charging). */
const showsUpsellOffer = (s: S) => {
  active(s);
  const c = ctx(s);
  expect(s.hasTag('offer')).toBe(true);
  expect(c.offers.length).toBeGreaterThan(0);
  expect(c.offers.length).toBeLessThanOrEqual(PROGRESS_STEPS);
  expect(c.index).toBeLessThan(c.offers.length);
  expect(OFFER_PRODUCTS[c.offers[c.index].offer as keyof typeof OFFER_PRODUCTS]).toBeDefined();
  expect(offerPath(c.offers[c.index].offer, c.purchase.device)).toMatch(
    /upsell|cover-letter-addon|feedback-tool|ai-tool/,
  );
  expect(s.can({ type: 'offer.take' })).toBe(true);
  expect(s.can({ type: 'offer.skip' })).toBe(true);
  expect(s.can({ type: 'sequence.leave' })).toBe(true);
};
const upsellSequence: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).offers).toEqual([]);
  },
  loadFailed: (s) => {
    expect(ctx(s).failure).toBe('unavailable');
    expect(s.can({ type: 'sequence.retry' })).toBe(true);
    expect(s.can({ type: 'sequence.leave' })).toBe(true);
  },
  'offer.settling': (s) => {
    active(s);
    expect(s.hasTag('offer')).toBe(true);
    expect(ctx(s).failure).toBeNull();
    // Just drawn: a press on add or skip now is the rest of a double click on the page before, and decides nothing.
    expect(s.can({ type: 'offer.take' })).toBe(false);
    expect(s.can({ type: 'offer.skip' })).toBe(false);
    expect(s.can({ type: 'sequence.leave' })).toBe(true);
  },
  'offer.shown': (s) => {
    showsUpsellOffer(s);
    expect(ctx(s).failure).toBeNull();
  },
  'offer.charging': (s) => {
    expect(s.hasTag('busy')).toBe(true);
    // One charge at a time: no second take, and the charge finishes before the person moves on.
    expect(s.can({ type: 'offer.take' })).toBe(false);
    expect(s.can({ type: 'offer.skip' })).toBe(false);
  },
  'offer.declined': (s) => {
    showsUpsellOffer(s);
    expect(ctx(s).failure).toBe('declined');
    // Another card can pay it: the frame runs for this offer's SKU.
    expect(s.hasTag('cardFrame')).toBe(true);
    expect(s.children.cardFrame).toBeDefined();
  },
  'offer.chargeFailed': (s) => {
    showsUpsellOffer(s);
    expect(ctx(s).failure).toBe('unavailable');
  },
  finished: (s) => {
    ended(s);
    const out = s.output as { taken: { offer: string }[]; skipped: string[]; leftEarly: boolean };
    const answered = out.taken.length + out.skipped.length;
    // Every offer was answered, unless the person chose the dashboard first.
    if (!out.leftEarly) expect(answered).toBe(ctx(s).offers.length);
    else expect(answered).toBeLessThanOrEqual(ctx(s).offers.length);
  },
};

/** The offers page: each add-on Shown until Taken, skip and the dashboard always there (not while a charge runs). */
const showsOffersPage = (s: S) => {
  active(s);
  const c = ctx(s);
  expect(s.hasTag('offers')).toBe(true);
  expect(c.offers.length).toBeGreaterThan(0);
  expect(s.can({ type: 'offers.skip' })).toBe(true);
  expect(s.can({ type: 'sequence.leave' })).toBe(true);
  for (const o of c.offers)
    expect(s.can({ type: 'offers.add', offer: o.offer })).toBe(statusOf(c.statuses, o.offer) !== 'taken');
  expect(c.taken.length).toBe(
    c.offers.filter((o: { offer: string }) => statusOf(c.statuses, o.offer as never) === 'taken').length,
  );
};
const showsSurvey = (s: S) => {
  active(s);
  expect(s.hasTag('survey')).toBe(true);
  expect(s.can({ type: 'survey.skip' })).toBe(true);
  expect(s.can({ type: 'sequence.leave' })).toBe(true);
  expect(s.can({ type: 'survey.submit' })).toBe(ctx(s).reason !== null);
};
const upsellOffers: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).offers).toEqual([]);
  },
  loadFailed: (s) => {
    expect(ctx(s).loadFailed).toBe(true);
    expect(s.can({ type: 'sequence.retry' })).toBe(true);
    expect(s.can({ type: 'sequence.leave' })).toBe(true);
  },
  'choosing.idle': (s) => {
    showsOffersPage(s);
    expect(s.hasTag('cardFrame')).toBe(false);
  },
  'choosing.declined': (s) => {
    showsOffersPage(s);
    expect(statusOf(ctx(s).statuses, ctx(s).current)).toBe('declined');
    expect(s.hasTag('cardFrame')).toBe(true);
    expect(s.children.cardFrame).toBeDefined();
  },
  charging: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(ctx(s).current).not.toBeNull();
    // One charge at a time, and the page waits for it before leading on.
    expect(s.can({ type: 'offers.add', offer: ctx(s).current })).toBe(false);
    expect(s.can({ type: 'offers.skip' })).toBe(false);
  },
  survey: (s) => {
    showsSurvey(s);
    // The survey follows only when nothing was added (or it was opened on its own).
    if (ctx(s).startAt === 'offers') expect(asksSurvey(ctx(s).taken.length, ctx(s).offers.length, false)).toBe(true);
  },
  savingSurvey: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(isSurveyReason(ctx(s).reason)).toBe(true);
    expect(s.can({ type: 'survey.submit' })).toBe(false);
  },
  finished: (s) => {
    ended(s);
    const out = s.output as { taken: { offer: string }[]; skipped: string[] };
    expect(out.taken.length + out.skipped.length).toBe(ctx(s).offers.length);
  },
};

const priceInfo: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.can({ type: 'priceInfo.close' })).toBe(true);
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'priceInfo.retry' })).toBe(true);
    expect(s.can({ type: 'priceInfo.close' })).toBe(true);
  },
  notOffered: (s) => {
    expect(ctx(s).option).toBeNull();
    expect(s.can({ type: 'priceInfo.choose' })).toBe(false);
    expect(s.can({ type: 'priceInfo.close' })).toBe(true);
  },
  shown: (s) => {
    expect(ctx(s).option).not.toBeNull();
    expect(s.can({ type: 'priceInfo.choose' })).toBe(true);
    expect(s.can({ type: 'priceInfo.close' })).toBe(true);
  },
  chosen: (s) => {
    ended(s);
    expect(s.output).toEqual({ kind: 'checkout', skuId: ctx(s).option.skuId, device: ctx(s).device });
  },
  closed: (s) => {
    ended(s);
    expect(s.output).toEqual({ kind: 'closed' });
  },
};

const intakeEnd = (output: unknown) => (s: S) => {
  ended(s);
  expect(s.output).toEqual(output);
};
/** The form is open: the answers are the person's, submit is possible, nothing else. */
const intakeForm = (s: S) => {
  active(s);
  expect(s.can({ type: 'intake.submit' })).toBe(true);
  expect(s.can({ type: 'intake.buy' })).toBe(false);
};
const serviceIntake: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).record).toBeNull();
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'intake.retry' })).toBe(true);
    expect(s.can({ type: 'intake.dashboard' })).toBe(true);
    expect(s.can({ type: 'intake.submit' })).toBe(false);
  },
  notPurchased: (s) => {
    expect(ctx(s).record.status).toBe('notPurchased');
    expect(s.can({ type: 'intake.buy' })).toBe(ctx(s).record.skuId !== null);
    expect(s.can({ type: 'intake.submit' })).toBe(false);
  },
  editing: (s) => {
    intakeForm(s);
    expect(ctx(s).record.status).toBe('awaitingAnswers');
    // The intake can be left for later only where the upsell sequence ends on it.
    expect(s.can({ type: 'intake.dashboard' })).toBe(ctx(s).fromUpsells);
    // Errors show only for answers that are refused.
    if (Object.keys(ctx(s).errors).length > 0 && ctx(s).sendFailure?.kind !== 'rejected')
      expect(areAnswersValid(ctx(s).service, answersOf(ctx(s).draft))).toBe(false);
  },
  submitting: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(areAnswersValid(ctx(s).service, answersOf(ctx(s).draft))).toBe(true);
    expect(s.can({ type: 'intake.submit' })).toBe(false);
  },
  sendFailed: (s) => {
    // What was typed is kept for the retry.
    expect(ctx(s).sendFailure).toEqual({ kind: 'unavailable' });
    expect(areAnswersValid(ctx(s).service, answersOf(ctx(s).draft))).toBe(true);
    expect(s.can({ type: 'intake.retry' })).toBe(true);
    expect(s.can({ type: 'intake.dashboard' })).toBe(ctx(s).fromUpsells);
  },
  answered: (s) => {
    expect(ctx(s).record.status).toBe('answered');
    expect(ctx(s).draft.targetJobTitle).toBe(ctx(s).record.answers.targetJobTitle);
    expect(s.can({ type: 'intake.submit' })).toBe(false);
    expect(s.can({ type: 'intake.dashboard' })).toBe(true);
  },
  toDashboard: intakeEnd({ next: 'dashboard' }),
  toCheckout: (s) => intakeEnd({ next: 'checkout', skuId: ctx(s).record.skuId })(s),
};

/** Skipping to the dashboard stays open wherever the offers page waits for the person. */
const offersSkippable = (s: S) => {
  active(s);
  expect(s.can({ type: 'offers.skip' })).toBe(true);
};
const serviceOffers: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.can({ type: 'offers.skip' })).toBe(false);
  },
  loadFailed: (s) => {
    offersSkippable(s);
    expect(s.can({ type: 'offers.retry' })).toBe(true);
    expect(s.can({ type: 'offers.add', skuId: 120 })).toBe(false);
  },
  noOffers: (s) => {
    offersSkippable(s);
    expect(hasOffers(ctx(s).offers)).toBe(false);
    expect(s.can({ type: 'offers.retry' })).toBe(false);
  },
  choosing: (s) => {
    offersSkippable(s);
    expect(hasOffers(ctx(s).offers)).toBe(true);
    for (const offer of ctx(s).offers) expect(s.can({ type: 'offers.add', skuId: offer.skuId })).toBe(true);
    expect(s.can({ type: 'offers.add', skuId: 999 })).toBe(false);
    expect(ctx(s).chosenSkuId).toBeNull();
  },
  toCheckout: (s) => {
    ended(s);
    expect(isOfferedSku(ctx(s).offers, ctx(s).chosenSkuId)).toBe(true);
    expect(s.output).toEqual({ next: 'checkout', skuId: ctx(s).chosenSkuId });
  },
  skipped: (s) => {
    ended(s);
    expect(s.output).toEqual({ next: 'dashboard' });
  },
};

/** A winback page that ended leads where its output says, having left once. */
const winbackEnd = (output: unknown) => (s: S) => {
  ended(s);
  expect(s.output).toEqual(output);
};
const winback: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).data).toBeNull();
    expect(s.can({ type: 'winback.choose', skuId: 130 })).toBe(false);
  },
  loadFailed: (s) => {
    expect(s.can({ type: 'winback.retry' })).toBe(true);
    expect(s.can({ type: 'winback.settings' })).toBe(true);
    expect(s.can({ type: 'winback.choose', skuId: 130 })).toBe(false);
  },
  active: (s) => {
    expect(ctx(s).data.standing).toBe('active');
    expect(s.can({ type: 'winback.settings' })).toBe(true);
    expect(s.can({ type: 'winback.plans' })).toBe(false);
  },
  redeemed: (s) => {
    expect(ctx(s).data.standing).toBe('redeemed');
    expect(s.can({ type: 'winback.plans' })).toBe(true);
    expect(s.can({ type: 'winback.choose', skuId: 130 })).toBe(false);
  },
  noOffer: (s) => {
    const data = ctx(s).data;
    expect(data.standing === 'notEligible' || data.offers.length === 0).toBe(true);
    expect(s.can({ type: 'winback.plans' })).toBe(true);
  },
  choosing: (s) => {
    active(s);
    const offers = ctx(s).data.offers as { skuId: number }[];
    expect(ctx(s).data.standing).toBe('eligible');
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(s.can({ type: 'winback.choose', skuId: offer.skuId })).toBe(true);
    expect(s.can({ type: 'winback.choose', skuId: 999 })).toBe(false);
  },
  toCheckout: (s) => {
    winbackEnd({ next: 'checkout', skuId: ctx(s).chosenSkuId })(s);
    expect((ctx(s).data.offers as { skuId: number }[]).some((o) => o.skuId === ctx(s).chosenSkuId)).toBe(true);
  },
  toPlans: winbackEnd({ next: 'plans' }),
  toSettings: winbackEnd({ next: 'settings' }),
};

/** A billing history page matches its filter: never more than a page, never a reversed range. */
const historyFilterHolds = (s: S) => {
  const { filter } = ctx(s);
  expect(isReversedRange(filter.startDate, filter.endDate)).toBe(false);
  expect(filter.skip % HISTORY_PAGE_SIZE).toBe(0);
};
const billingHistory: StateExpectations = {
  loading: (s) => {
    active(s);
    expect(s.hasTag('loading')).toBe(true);
    historyFilterHolds(s);
    expect(s.can({ type: 'history.next' })).toBe(false);
  },
  failed: (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'history.retry' })).toBe(true);
    expect(s.can({ type: 'history.next' })).toBe(false);
  },
  loaded: (s) => {
    historyFilterHolds(s);
    const { page, filter } = ctx(s);
    expect(page.items.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
    expect(s.can({ type: 'history.retry' })).toBe(false);
    const at = pageOf(page.total, filter.skip);
    expect(s.can({ type: 'history.next' })).toBe(at.nextSkip !== null);
    expect(s.can({ type: 'history.previous' })).toBe(at.previousSkip !== null);
  },
};

const transactionDetail: StateExpectations = {
  loading: (s) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).transactionId).toEqual(expect.any(Number));
  },
  failed: (s) => {
    expect(ctx(s).transaction).toBeNull();
    expect(s.can({ type: 'detail.retry' })).toBe(true);
    expect(s.can({ type: 'receipt.print' })).toBe(false);
  },
  notFound: (s) => {
    expect(ctx(s).transaction).toBeNull();
    expect(s.can({ type: 'detail.retry' })).toBe(false);
    expect(s.can({ type: 'receipt.print' })).toBe(false);
  },
  loaded: (s) => {
    expect(ctx(s).transaction.transaction_id).toBe(ctx(s).transactionId);
    expect(s.can({ type: 'receipt.print' })).toBe(true);
  },
};

export const stateExpectations: Record<string, StateExpectations> = {
  startupAccess,
  cancellationRequest,
  lowIntentOffer,
  orderConfirmation,
  purchaseFunnel,
  checkoutFrame,
  mySettings,
  paymentMethod,
  cancellationSurvey,
  freeReview,
  cancellationReminder,
  preCancel,
  saveOffers,
  cancellationConfirm,
  manageSubscription,
  cancellationRating,
  finalOffer,
  upsellSequence,
  serviceIntake,
  serviceOffers,
  billingHistory,
  transactionDetail,
  winback,
  upsellOffers,
  priceInfo,
};
