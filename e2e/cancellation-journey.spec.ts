/**
 * The whole signed-in cancellation as one person goes through it, in English for active-us and in
 * German for active-de: my settings, the pre-cancel page (its save offer declined), the survey (an
 * answer whose offer is declined), the confirmation and the receipt. Each run cancels a fresh copy
 * for real: the API then shows the plan ending at the period's end with a cancellation number, the
 * survey answer is stored, and the outbox holds one confirmation naming the number.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signInAsFresh } from './support';
import { namespaceTextsOf, textsOf } from './support/locales';

const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';

function textsFor(culture: 'en-US' | 'de-DE') {
  return {
    settings: textsOf(culture).mySettings,
    reasons: textsOf(culture).cancel.reason,
    preCancel: namespaceTextsOf(culture, 'pre-cancel'),
    survey: namespaceTextsOf(culture, 'cancel-survey'),
    confirm: namespaceTextsOf(culture, 'cancel-confirm'),
  };
}

/** The pre-cancel page's "cancel": the save offer's own when it has opened over the page, which it does as the plan arrives. */
async function cancelOnPreCancel(page: Page, texts: ReturnType<typeof textsFor>) {
  await expect(page.getByRole('heading', { level: 1, name: texts.preCancel.heading })).toBeVisible({ timeout: 15_000 });
  // The heading shows while the plan loads; the page's buttons (and the offer with them) come with the plan.
  await expect(page.getByTestId('pre-cancel-actions')).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const offer = page.getByRole('dialog');
  if (await offer.isVisible()) {
    await offer.getByRole('button', { name: texts.preCancel.offer.cancelAnyway, exact: true }).click();
  } else {
    await page.getByRole('button', { name: texts.preCancel.cancel, exact: true }).click();
  }
}

test.describe('the signed-in cancellation, start to end', () => {
  for (const [persona, culture] of [
    ['active-us', 'en-US'],
    ['active-de', 'de-DE'],
  ] as const) {
    test(
      `${persona} cancels from my settings through every step, in ${culture}`,
      { tag: culture === 'en-US' ? '@mobile' : [] },
      async ({ page, baseURL }) => {
        const texts = textsFor(culture);
        const me = await signInAsFresh(page.context(), persona);
        const [before] = await api(page).subscriptions(me.UserUID, true);
        // The default arm of the cancel-flow experiment: the save offer, then the survey's offers.
        const assignment = [{ ExperimentGUID: CANCEL_FLOW, VariationIndex: 1, PortalCD: me.PortalCD }];
        await page
          .context()
          .addCookies([{ name: 'ew_exp', value: encodeURIComponent(JSON.stringify(assignment)), url: baseURL! }]);

        await page.goto('/payment/mysettings');
        await expect(page.locator('html')).toHaveAttribute('lang', culture);
        await page.getByRole('link', { name: texts.settings.cancelSubscription, exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/pre');
        await cancelOnPreCancel(page, texts);

        await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/survey');
        await page
          .getByRole('radiogroup', { name: texts.survey.reasonsLabel })
          .getByText(texts.reasons.tooExpensive, { exact: true })
          .click();
        await page.getByRole('button', { name: texts.survey.submit }).click();
        const card = page.getByRole('region', { name: texts.survey.offer.seeOffer.title });
        await expect(card).toBeVisible();
        await card.getByRole('button', { name: texts.survey.offer.decline }).click();

        await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/confirm');
        await expect(page.getByRole('heading', { level: 1, name: texts.confirm.heading })).toBeVisible();
        await page.getByRole('button', { name: texts.confirm.cancel }).click();

        await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/received');
        await expect(page.getByRole('heading', { level: 1, name: texts.confirm.received.heading })).toBeVisible();
        const [after] = await api(page).subscriptions(me.UserUID, true);
        expect(after).toMatchObject({
          SubscriptionID: before!.SubscriptionID,
          StatusCD: 'EXPR',
          EndDate: before!.EndDate,
          CancellationNumber: expect.stringMatching(/^CN\d+/),
        });
        await expect(page.getByTestId('cancellation-number')).toHaveText(after!.CancellationNumber!);

        const details = await api(page).get<{ SurveyAnswered: boolean }>(
          `v2/subscriptions/${before!.SubscriptionID}/details`,
        );
        expect(details.SurveyAnswered).toBe(true);
        const mails = (
          await api(page).get<{ Emails: { subject: string; body: string }[] }>('/demo/outbox', {
            to: me.EmailAddress,
            limit: 10,
          })
        ).Emails;
        expect(
          mails.filter((mail) => `${mail.subject}\n${mail.body}`.includes(after!.CancellationNumber!)),
        ).toHaveLength(1);
      },
    );
  }
});
