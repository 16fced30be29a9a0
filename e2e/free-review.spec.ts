/**
 * The free resume review step of the cancellation (cancellation/review) with the personas' real
 * records: the offer claimed for real (a fresh copy of trial-us, whose record then changes), the
 * review in progress (expiring-us), the review ready (active-us), a resume and no review
 * (active-uk), continuing the cancellation from every step, where the free review does not apply
 * (active-de's market), and German where a test-country override makes it apply.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const REVIEW = '/payment/cancellation/review';
const CONFIRM = '/payment/cancellation/confirm';
const FINAL_OFFER = '/payment/cancellation/final-offer';
const EN = namespaceTextsOf('en-US', 'free-review');
const GB = namespaceTextsOf('en-GB', 'free-review');
const DE = namespaceTextsOf('de-DE', 'free-review');

type FreeFeatures = {
  FreeFeatureProvided: boolean;
  Features: { orderID: number }[];
  FreeReview: { is_intake_filled: boolean; is_pending: boolean; available_free: number } | null;
};

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** The step's heading is shown and focused, with its text, its action and continuing the cancellation. */
async function expectStep(
  page: Page,
  texts: Record<string, any>,
  step: 'offer' | 'inReview' | 'reviewReady' | 'customizeResume',
) {
  await expect(page).toHaveURL((url) => url.pathname === REVIEW);
  const heading = page.getByRole('heading', { level: 1, name: texts[step].heading });
  // The step shows once its three reads are in; the first page of a run (a cold server, two browsers) may take longer.
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId(`free-review-${step}`)).toContainText(texts[step].body);
  await expect(page.getByRole('button', { name: texts[step].action })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.continueCancelling })).toBeVisible();
  await expect(page.getByTestId('page-free-review')).toHaveAttribute('aria-busy', 'false');
}

test.describe('free review in the cancellation', () => {
  test(
    'the free review is offered and claimed for real; the record changes and the offer is not made again',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'trial-us');
      const before = await api(page).get<FreeFeatures>(`/payments/${me.UserUID}/freefeatureprovided`);
      expect(before).toMatchObject({
        FreeFeatureProvided: false,
        FreeReview: { is_intake_filled: false, is_pending: false, available_free: 1 },
      });
      await page.goto(REVIEW);
      await expectStep(page, EN, 'offer');
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: EN.offer.action }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment/resume-review');

      const after = await api(page).get<FreeFeatures>(`/payments/${me.UserUID}/freefeatureprovided`);
      expect(after.FreeReview).toEqual({ is_intake_filled: false, is_pending: true, available_free: 0 });
      expect(after.FreeFeatureProvided).toBe(true);
      expect(after.Features).toHaveLength(1);
      // Nothing left to claim: the person with a resume is asked to customise it instead.
      await page.goto(REVIEW);
      await expectStep(page, EN, 'customizeResume');
    },
  );

  test('a review in progress: "wait for my review" leads to the dashboard', async ({ page }) => {
    await signInAs(page.context(), 'expiring-us');
    await page.goto(REVIEW);
    await expectStep(page, EN, 'inReview');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: EN.inReview.action }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });

  test('a review ready: "get my review" leads to the resume review', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    await page.goto(REVIEW);
    await expectStep(page, EN, 'reviewReady');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: EN.reviewReady.action }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/resume-review');
  });

  test('a resume and no review: "customise my CV" leads to the document home, in British English', async ({ page }) => {
    await signInAs(page.context(), 'active-uk');
    await page.goto(REVIEW);
    await expectStep(page, GB, 'customizeResume');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: GB.customizeResume.action }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });

  test('continuing the cancellation leads to the final offer where the plan can pause, else to the confirm step, from every step', async ({
    page,
  }) => {
    // trial-us and active-us renew (a pause is offered); expiring-us has cancelled already (nothing left to cancel); active-uk's plan does not renew.
    for (const [persona, step, next, shown] of [
      ['trial-us', 'offer', FINAL_OFFER, 'final-pause-offer'],
      ['expiring-us', 'inReview', FINAL_OFFER, 'final-nothing'],
      ['active-us', 'reviewReady', FINAL_OFFER, 'final-pause-offer'],
      ['active-uk', 'customizeResume', CONFIRM, 'page-cancellation-confirm'],
    ] as const) {
      await signInAsFresh(page.context(), persona);
      const texts = persona === 'active-uk' ? GB : EN;
      await page.goto(REVIEW);
      await expectStep(page, texts, step);
      await page.getByRole('button', { name: texts.continueCancelling }).click();
      await expect(page, `${persona} continues from ${step}`).toHaveURL((url) => url.pathname === next);
      await expect(page.getByTestId(shown)).toBeVisible();
    }
  });

  test('where the free review does not apply (Germany), the cancellation goes on by itself to the final offer', async ({
    page,
  }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto(REVIEW);
    await expect(page).toHaveURL((url) => url.pathname === FINAL_OFFER);
    await expect(page.getByTestId('final-pause-offer')).toBeVisible();
    await expect(page.getByTestId('free-review-action')).toHaveCount(0);
  });

  test('in German, where the test-country override puts active-de in an eligible market', async ({ page }) => {
    await signInAs(page.context(), 'active-de');
    await page.goto(`${REVIEW}?countrycd=US`);
    await expectStep(page, DE, 'customizeResume');
    await expectNoSeriousViolations(page);
  });
});
