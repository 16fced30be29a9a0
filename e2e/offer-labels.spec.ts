/**
 * Labels that tell the truth, in the browser (issue 51): each post-survey offer's button, for
 * en-US and de-DE, lands where its label says. The machines' own table is
 * test/machines/offer-labels.test.ts; this drives the real page and server.
 */
import { expect, test } from '@playwright/test';
import { signInAsFresh } from './support';
import { namespaceTextsOf, textsOf } from './support/locales';

const SURVEY = '/payment/cancellation/survey';
const ROWS = [
  { reason: 'reallyHelpful', offer: 'socialCard', lands: (url: URL) => url.pathname === '/payment/upsell/social-card' },
  { reason: 'foundJob', offer: 'seeOffer', lands: (url: URL) => url.pathname === '/payment/cancellation/pre/offers' },
  // "Customize my resume": the person's own resume in the builder, never a review or a pause.
  {
    reason: 'onlyWantedResume',
    offer: 'customizeResume',
    lands: (url: URL) =>
      url.pathname === '/build/resume' &&
      url.searchParams.get('mode') === 'edit' &&
      Boolean(url.searchParams.get('documentid')),
  },
  { reason: 'notHelpful', offer: 'talkToAgent', lands: (url: URL) => url.pathname === '/dashboard' },
] as const;

for (const [locale, persona] of [
  ['en-US', 'active-us'],
  ['de-DE', 'active-de'],
] as const) {
  test.describe(`the survey's offers in ${locale} lead where their labels say`, () => {
    test.use({ locale });
    const texts = namespaceTextsOf(locale, 'cancel-survey');
    const reasons = textsOf(locale).cancel.reason as Record<string, string>;
    for (const row of ROWS) {
      test(`${row.offer}: "${texts.offer[row.offer].accept}"`, async ({ page }) => {
        await signInAsFresh(page.context(), persona);
        await page.goto(SURVEY);
        await page
          .getByRole('radiogroup', { name: texts.reasonsLabel })
          .getByText(reasons[row.reason]!, { exact: true })
          .click();
        await page.getByRole('button', { name: texts.submit }).click();
        const card = page.getByRole('region', { name: texts.offer[row.offer].title });
        await card.getByRole('button', { name: texts.offer[row.offer].accept }).click();
        await expect(page).toHaveURL(row.lands);
      });
    }
  });
}
