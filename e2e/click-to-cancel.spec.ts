/**
 * Click-to-cancel: from my settings, a person who only ever chooses "cancel" reaches a confirmed
 * cancellation in at most four clicks, in every arm of the cancel-flow experiment (the default
 * with its save offer, the holdout, one-click, and the arm with the reminder), on desktop; the
 * default arm also on a phone. Each run cancels a fresh copy of active-us for real: the API then
 * shows the plan ending at the period's end with a cancellation number, and the outbox holds one
 * confirmation.
 */
import { expect, test, type BrowserContext, type ElementHandle, type Locator, type Page } from '@playwright/test';
import { api, signInAsFresh } from './support';
import { namespaceTextsOf, textsOf } from './support/locales';

const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const MAX_CLICKS = 4;
const settings = textsOf('en-US').mySettings;
const preCancel = namespaceTextsOf('en-US', 'pre-cancel');
const survey = namespaceTextsOf('en-US', 'cancel-survey');
const confirm = namespaceTextsOf('en-US', 'cancel-confirm');

async function assignCancelFlow(
  context: BrowserContext,
  portalCd: string,
  variation: number,
  baseURL: string | undefined,
) {
  const entries = [{ ExperimentGUID: CANCEL_FLOW, VariationIndex: variation, PortalCD: portalCd }];
  await context.addCookies([
    { name: 'ew_exp', value: encodeURIComponent(JSON.stringify(entries)), url: baseURL ?? 'http://127.0.0.1:8080' },
  ]);
}

/** The controls that mean "cancel", wherever the person is. */
function cancelControls(page: Page): Locator {
  return page
    .getByRole('link', { name: settings.cancelSubscription, exact: true })
    .or(page.getByRole('button', { name: preCancel.offer.cancelAnyway, exact: true }))
    .or(page.getByRole('button', { name: preCancel.cancel, exact: true }))
    .or(page.getByRole('button', { name: survey.skip, exact: true }))
    .or(page.getByRole('button', { name: confirm.cancel, exact: true }));
}

/**
 * The one to press: with the save offer open the page behind it is inert, so the offer's own
 * "no thanks, cancel". The offer opens a frame after the page is drawn, so the page is given two
 * frames to open it: a press aimed at the page's button as the offer's backdrop appears would land
 * on the backdrop and close the offer instead, a click the person never made.
 */
async function cancelControl(page: Page): Promise<Locator> {
  await expect(cancelControls(page).first()).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const offer = page.getByRole('dialog');
  return (await offer.isVisible())
    ? offer.getByRole('button', { name: preCancel.offer.cancelAnyway, exact: true })
    : cancelControls(page).first();
}

test.describe('click-to-cancel', () => {
  for (const [variation, arm] of [
    [1, 'the default, with its save offer'],
    [2, 'the holdout'],
    [3, 'one-click'],
    [4, 'the arm with the reminder'],
  ] as const) {
    test(
      `from my settings to a confirmed cancellation in at most ${MAX_CLICKS} clicks: ${arm}`,
      { tag: variation === 1 ? '@mobile' : [] },
      async ({ page, baseURL }) => {
        const me = await signInAsFresh(page.context(), 'active-us');
        const [before] = await api(page).subscriptions(me.UserUID, true);
        await assignCancelFlow(page.context(), me.PortalCD, variation, baseURL);
        await page.goto('/payment/mysettings');

        let clicks = 0;
        while (new URL(page.url()).pathname !== '/payment/cancellation/received' && clicks <= MAX_CLICKS) {
          const from = page.url();
          // The offer may open over the page just after it is drawn: press whichever cancel is there then.
          let pressed = null as ElementHandle | null;
          await expect(async () => {
            const control = await cancelControl(page);
            await expect(control).toBeEnabled({ timeout: 1_000 });
            pressed = await control.elementHandle({ timeout: 1_000 });
            await control.click({ timeout: 2_000 });
          }).toPass({ timeout: 20_000 });
          clicks += 1;
          await page
            .waitForURL((url) => url.href !== from || url.pathname === '/payment/cancellation/received', {
              timeout: 15_000,
            })
            .catch(() => undefined);
          // The page pressed on stays until the next one has loaded: the next press is on the next page.
          await page
            .waitForFunction((control) => !control?.isConnected, pressed, { timeout: 15_000 })
            .catch(() => undefined);
        }
        await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/received');
        expect(clicks).toBeLessThanOrEqual(MAX_CLICKS);
        await expect(page.getByRole('heading', { level: 1, name: confirm.received.heading })).toBeVisible();

        const [after] = await api(page).subscriptions(me.UserUID, true);
        expect(after).toMatchObject({
          SubscriptionID: before!.SubscriptionID,
          StatusCD: 'EXPR',
          EndDate: before!.EndDate,
          CancellationNumber: expect.stringMatching(/^CN\d+/),
        });
        const mails = (
          await api(page).get<{ Emails: { subject: string; body: string }[] }>('/demo/outbox', {
            to: me.EmailAddress,
            limit: 10,
          })
        ).Emails;
        expect(
          mails.filter(
            (mail) =>
              mail.subject.includes(after!.CancellationNumber!) || mail.body.includes(after!.CancellationNumber!),
          ),
        ).toHaveLength(1);
      },
    );
  }
});
