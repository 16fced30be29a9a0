/**
 * The cancellation survey end to end, with fresh copies of the personas (each answer is stored
 * for real): skipping reaches the confirmation in one click, each answer with an offer shows it
 * and taking it leads where it should, "no thanks, cancel" goes to the confirmation, the answer
 * is stored on the subscription, a failed send keeps the answer with a localized error and a
 * retry that works, the holdout is shown no offer, German for active-de, the server's order on
 * a phone with Other last, and axe finds nothing serious.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { layoutShiftOf, watchLayoutShift } from './support/layout-shift';
import { namespaceTextsOf, textsOf } from './support/locales';

const SURVEY = '/payment/cancellation/survey';
const CONFIRM = '/payment/cancellation/confirm';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const EN = namespaceTextsOf('en-US', 'cancel-survey');
const DE = namespaceTextsOf('de-DE', 'cancel-survey');
const REASONS_EN = textsOf('en-US').cancel.reason;
const REASONS_DE = textsOf('de-DE').cancel.reason;
const isSurveyCall = (url: URL) => url.pathname === apiPath('subscriptions/survey');

type ReasonName = keyof typeof REASONS_EN;

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** The heading the page must show for this person: personal only when their latest resume names a job title. */
async function headingFor(page: Page, userUID: string, texts: Record<string, any>): Promise<string> {
  const data = await api(page).get<{ LatestJobTitle: string | null }>('pages', { userUID });
  const title = data.LatestJobTitle?.trim();
  return title ? texts.headingPersonal.replace('{{jobTitle}}', title) : texts.heading;
}

/** Chooses the reason as a person does, by its label (or, `byKeyboard`, focusing its radio and pressing space), then sends it. */
async function answer(page: Page, reason: ReasonName, options: { byKeyboard?: boolean } = {}) {
  const submit = page.getByRole('button', { name: EN.submit });
  await expect(submit).toBeDisabled();
  const radio = page.getByRole('radio', { name: REASONS_EN[reason] });
  if (options.byKeyboard) {
    await radio.focus();
    await page.keyboard.press('Space');
  } else {
    await page
      .getByRole('radiogroup', { name: EN.reasonsLabel })
      .getByText(REASONS_EN[reason], { exact: true })
      .click();
  }
  await expect(radio).toBeChecked();
  await expect(submit).toBeEnabled();
  await submit.click();
}

test.describe('cancellation survey', () => {
  test(
    'nothing moves while the reasons load: the skip button stays where it was drawn',
    { tag: '@mobile' },
    async ({ page }) => {
      await signInAsFresh(page.context(), 'active-us');
      await watchLayoutShift(page);
      await page.goto(SURVEY);
      await expect(page.getByTestId('survey-reasons')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.02);
    },
  );

  test(
    'skip and cancel reaches the confirmation in one click; the heading names the job title and is focused',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      await page.goto(SURVEY);
      const heading = page.getByRole('heading', { level: 1, name: await headingFor(page, me.UserUID, EN) });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('radiogroup', { name: EN.reasonsLabel })).toBeVisible();
      await expect(page.getByRole('link', { name: EN.toDashboard })).toBeVisible();
      await expectNoSeriousViolations(page);
      let sent = 0;
      page.on('request', (request) => {
        if (isSurveyCall(new URL(request.url()))) sent += 1;
      });
      await page.getByRole('button', { name: EN.skip }).click();
      await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
      expect(sent).toBe(0);
    },
  );

  const OFFERS: { reason: ReasonName; offer: string; leadsTo: string }[] = [
    { reason: 'reallyHelpful', offer: 'socialCard', leadsTo: '/payment/upsell/social-card' },
    { reason: 'foundJob', offer: 'seeOffer', leadsTo: '/payment/cancellation/pre/offers' },
    { reason: 'tooExpensive', offer: 'seeOffer', leadsTo: '/payment/cancellation/pre/offers' },
    // The person's own resume in the builder, not a review or a pause (issue 51).
    { reason: 'onlyWantedResume', offer: 'customizeResume', leadsTo: '/build/resume' },
    { reason: 'notHelpful', offer: 'talkToAgent', leadsTo: '/dashboard' },
  ];
  for (const { reason, offer, leadsTo } of OFFERS) {
    test(
      `"${REASONS_EN[reason]}" is stored and shows its offer (${offer}); taking it leads to ${leadsTo}`,
      { tag: reason === 'reallyHelpful' ? '@mobile' : [] },
      async ({ page }) => {
        const me = await signInAsFresh(page.context(), 'active-us');
        const [current] = await api(page).subscriptions(me.UserUID, true);
        await page.goto(SURVEY);
        await answer(page, reason);

        const card = page.getByRole('region', { name: EN.offer[offer].title });
        await expect(card).toContainText(EN.offer[offer].body);
        await expect(page.getByRole('status')).toHaveText(EN.saved);
        // "No thanks, cancel" stands beside the offer.
        await expect(card.getByRole('button', { name: EN.offer.decline })).toBeEnabled();
        if (offer === 'talkToAgent')
          await expect(card.getByTestId('support-contact').getByRole('link', { name: /@/ })).toHaveAttribute(
            'href',
            /^mailto:/,
          );
        const details = await api(page).get<{ SurveyAnswered: boolean }>(
          `v2/subscriptions/${current!.SubscriptionID}/details`,
        );
        expect(details.SurveyAnswered).toBe(true);
        if (reason === 'reallyHelpful') await expectNoSeriousViolations(page);

        await card.getByRole('button', { name: EN.offer[offer].accept }).click();
        await expect(page).toHaveURL((url) => url.pathname === leadsTo);
      },
    );
  }

  test("support's contact comes with the agent offer, so the offer's buttons never move once shown", async ({
    page,
  }) => {
    await signInAsFresh(page.context(), 'active-us');
    // Support's contact answers late: the survey reads it ahead instead of when the offer shows.
    await page.route(
      (url) => url.pathname === apiPath('config/csdetails'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      },
    );
    await page.goto(SURVEY);
    await answer(page, 'notHelpful');
    const decline = page
      .getByRole('region', { name: EN.offer.talkToAgent.title })
      .getByRole('button', { name: EN.offer.decline });
    await expect(decline).toBeVisible();
    const first = await decline.boundingBox();
    await expect(page.getByTestId('support-contact')).toBeVisible();
    expect(await decline.boundingBox()).toEqual(first);
  });

  test('"no thanks, cancel" beside the offer goes to the confirmation', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.goto(SURVEY);
    await answer(page, 'foundJob', { byKeyboard: true });
    await page.getByRole('button', { name: EN.offer.decline }).click();
    await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
  });

  test('an answer without an offer goes straight on to the confirmation', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.goto(SURVEY);
    await answer(page, 'cantAfford');
    await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
  });

  test('a failed send shows a localized error and keeps the answer; the retry sends it', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [current] = await api(page).subscriptions(me.UserUID, true);
    let calls = 0;
    await page.route(isSurveyCall, async (route) => {
      calls += 1;
      if (calls === 1)
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '5' },
          json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
        });
      return route.continue();
    });
    await page.goto(SURVEY);
    await answer(page, 'reallyHelpful');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(EN.submitFailed);
    await expect(page.getByRole('radio', { name: REASONS_EN.reallyHelpful })).toBeChecked();
    await expect(page.getByRole('button', { name: EN.skip })).toBeEnabled();
    await alert.getByRole('button', { name: EN.retry }).click();
    await expect(page.getByRole('region', { name: EN.offer.socialCard.title })).toBeVisible();
    expect(calls).toBe(2);
    expect(
      (await api(page).get<{ SurveyAnswered: boolean }>(`v2/subscriptions/${current!.SubscriptionID}/details`))
        .SurveyAnswered,
    ).toBe(true);
  });

  test('the holdout is shown no offer: the answer goes on to the confirmation', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.goto(`${SURVEY}?runtest=${CANCEL_FLOW}:2`);
    await answer(page, 'reallyHelpful');
    await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
  });

  test('German for active-de', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-de');
    await page.goto(SURVEY);
    await expect(page.getByRole('heading', { level: 1, name: await headingFor(page, me.UserUID, DE) })).toBeVisible();
    const group = page.getByRole('radiogroup', { name: DE.reasonsLabel });
    await expect(group.getByRole('radio', { name: REASONS_DE.foundJob })).toBeVisible();
    await expect(group.getByRole('radio').last()).toHaveAccessibleName(REASONS_DE.other);
    await expect(page.getByRole('button', { name: DE.submit })).toBeDisabled();
    await expect(page.getByRole('link', { name: DE.toDashboard })).toBeVisible();
    await page.getByRole('button', { name: DE.skip }).click();
    await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
  });

  // The machine takes "back to dashboard" from every step at once, so the browser plan's transitions do not name each: here they are.
  for (const step of ['loading', 'choosing', 'sending', 'offer'] as const) {
    test(`the dashboard is one click away: ${step} (cancellation/pre/survey)`, async ({ page }) => {
      await signInAsFresh(page.context(), 'active-us');
      // Held where the step is a wait: the request never answers while the link is used.
      if (step === 'loading')
        await page.route(
          (url) => url.pathname === apiPath('pages/cancel'),
          () => undefined,
        );
      if (step === 'sending') await page.route(isSurveyCall, () => undefined);
      await page.goto('/payment/cancellation/pre/survey');
      if (step === 'loading') await expect(page.getByRole('status')).toHaveText(EN.loading);
      if (step !== 'loading') await expect(page.getByRole('radiogroup', { name: EN.reasonsLabel })).toBeVisible();
      if (step === 'sending' || step === 'offer') await answer(page, 'reallyHelpful');
      if (step === 'sending') await expect(page.getByRole('status')).toHaveText(EN.sending);
      if (step === 'offer') await expect(page.getByRole('region', { name: EN.offer.socialCard.title })).toBeVisible();
      await page.getByRole('link', { name: EN.toDashboard }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    });
  }
});

test('on a phone the reasons keep the server’s order, Other last', { tag: '@mobile-only' }, async ({ page }) => {
  const me = await signInAsFresh(page.context(), 'active-us');
  const content = await api(page).get<{ Content: { reasons: { value: number; label: string }[] } }>('pages/cancel', {
    userUID: me.UserUID,
    visitorPortalID: me.PortalID,
  });
  const label = (key: string) => REASONS_EN[key.replace('cancel.reason.', '') as ReasonName];
  const others = content.Content.reasons.filter((r) => r.value !== 15).map((r) => label(r.label));
  await page.goto(SURVEY);
  const radios = page.getByRole('radiogroup', { name: EN.reasonsLabel }).getByRole('radio');
  await expect(radios).toHaveCount(others.length + 1);
  const names = await radios.evaluateAll((inputs) =>
    inputs.map((input) => input.closest('label')?.textContent?.trim() ?? ''),
  );
  expect(names).toEqual([...others, REASONS_EN.other]);
  await expectNoSeriousViolations(page);
});
