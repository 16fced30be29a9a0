/**
 * Every save offer says what the person will pay and when (issue 51): the 50 % discount, each
 * pause length, the pre-cancel free month, the final offer's pause and the cancellation
 * reminder, with the amounts and dates of the person's real subscription, in their culture.
 * Expected texts are written here from the subscriptions list, independently of the page's code,
 * with dates in the browser's time zone like the page's other dates (src/domain/customer-dates.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { addMonths } from '../src/domain/save-offers';
import { api, signInAsFresh } from './support';

const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const NBSP = '\u00a0';
/** A day as the page writes every date: in the person's time zone, the browser's (the project's `timezoneId`). */
const day = (iso: string | Date, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: test.info().project.use.timezoneId,
  }).format(new Date(iso));
const usd = (amount: number) => `$${amount.toFixed(2)}`;
const eur = (amount: number) => `${amount.toFixed(2).replace('.', ',')}${NBSP}€`;
const half = (amount: number) => Math.round(amount * 50) / 100;

async function currentPlan(page: Page, userUid: string) {
  const [plan] = await api(page).subscriptions(userUid, true);
  expect(plan!.NextBillingDate).not.toBeNull();
  return plan!;
}

test.describe('save offers with their money', () => {
  test(
    'the save offers page: 50 % off says the renewal’s date and both prices; each pause says when billing resumes, at what price',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      const plan = await currentPlan(page, me.UserUID);
      await page.goto('/payment/cancellation/pre/offers');
      await expect(page.getByTestId('discount-offer').getByTestId('offer-terms')).toHaveText(
        `Your next renewal on ${day(plan.NextBillingDate!, 'en-US')} costs ${usd(half(plan.UnitPrice))} instead of ${plan.FormattedNextRenewalPrice}.`,
      );
      for (const months of [1, 2, 3]) {
        const resumes = day(addMonths(new Date(plan.EndDate), months), 'en-US');
        await expect(page.getByTestId(`pause-terms-${months}`)).toHaveText(
          `You pay nothing for ${months} ${months === 1 ? 'month' : 'months'}. Your plan resumes on ${resumes} at ${plan.FormattedNextRenewalPrice}.`,
        );
        // The button is described by its own sentence.
        await expect(
          page.getByRole('button', { name: months === 1 ? 'Pause for 1 month' : `Pause for ${months} months` }),
        ).toHaveAccessibleDescription(new RegExp(`resumes on ${resumes}`));
      }
    },
  );

  test('in German for active-de, in euros and German dates', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-de');
    const plan = await currentPlan(page, me.UserUID);
    expect(plan.CurrencyCD).toBe('EUR');
    await page.goto('/payment/cancellation/pre/offers');
    await expect(page.getByTestId('discount-offer').getByTestId('offer-terms')).toHaveText(
      `Ihre nächste Verlängerung am ${day(plan.NextBillingDate!, 'de-DE')} kostet ${eur(half(plan.UnitPrice))} statt ${eur(plan.NextRenewalPrice)}.`,
    );
    await expect(page.getByTestId('pause-terms-2')).toHaveText(
      `Sie zahlen 2 Monate lang nichts. Ihr Abo läuft am ${day(addMonths(new Date(plan.EndDate), 2), 'de-DE')} für ${eur(plan.NextRenewalPrice)} weiter.`,
    );
  });

  test('the final offer’s pause says when billing resumes and at what price', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const plan = await currentPlan(page, me.UserUID);
    await page.goto('/payment/cancellation/final-offer');
    await expect(page.getByTestId('offer-terms')).toHaveText(
      `You pay nothing for 1 month. Your plan resumes on ${day(addMonths(new Date(plan.EndDate), 1), 'en-US')} at ${plan.FormattedNextRenewalPrice}.`,
    );
    await expect(page.getByTestId('final-pause')).toHaveAccessibleDescription(/You pay nothing for 1 month/);
  });

  test('the pre-cancel free month says the payment skipped and the one after it', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const plan = await currentPlan(page, me.UserUID);
    await page.goto('/payment/cancellation/pre');
    await expect(page.getByTestId('save-offer').getByTestId('offer-terms')).toHaveText(
      `You pay nothing on ${day(plan.NextBillingDate!, 'en-US')}: your next renewal moves to ${day(addMonths(new Date(plan.NextBillingDate!), 1), 'en-US')} and costs ${plan.FormattedNextRenewalPrice}.`,
    );
  });

  test('the cancellation reminder says when the plan renews and at what price', async ({ page }) => {
    // trial-us has not answered it yet; a trial renews into its plan at the plan's price.
    const me = await signInAsFresh(page.context(), 'trial-us');
    const plan = await currentPlan(page, me.UserUID);
    await page.goto(`/payment/mysettings?runtest=${CANCEL_FLOW}:4`);
    await expect(page.getByTestId('cancellation-reminder').getByTestId('offer-terms')).toHaveText(
      `Your plan renews on ${day(plan.NextBillingDate!, 'en-US')} at ${plan.FormattedNextRenewalPrice}. We remind you before then.`,
    );
  });
});
