/**
 * §312k BGB in every culture: a "cancel contracts here" link in the footer of every page,
 * signed in or not, straight to a one-page form whose fields and "cancel now" button are
 * there from the start, with no sign-in, no password and no offer on the way.
 */
import { expect, test } from '@playwright/test';
import { signInAs, type PersonaId } from './support';
import { CULTURES, textsOf, type Culture } from './support/locales';

const FORM_PATHS: Record<string, string> = {
  de: '/payment/cancellation/abo-kuendigen',
  fr: '/payment/cancellation/demande-de-resiliation',
  es: '/payment/cancellation/solicitud-de-baja',
};
const formPathFor = (culture: string) => FORM_PATHS[culture.slice(0, 2)] ?? '/payment/cancellation/request';

for (const culture of CULTURES) {
  const texts = textsOf(culture);
  test.describe(`§312k as a guest in ${culture}`, () => {
    test.use({ locale: culture });

    test('the footer link on every open page leads straight to the one-page form', async ({ page }) => {
      for (const path of ['/payment/pricing', '/payment/timeout', '/payment/cancellation/received']) {
        await page.goto(path);
        const link = page.getByRole('contentinfo').getByRole('link', { name: texts.app.footerCancelContracts });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', formPathFor(culture));
      }
      await page.getByRole('contentinfo').getByRole('link', { name: texts.app.footerCancelContracts }).click();
      await expect(page).toHaveURL((url) => url.pathname === formPathFor(culture));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: texts.cancellationRequest.title })).toBeVisible();
      await expect(main.getByRole('textbox', { name: texts.cancellationRequest.email })).toBeVisible();
      await expect(main.getByRole('textbox', { name: texts.cancellationRequest.accountId })).toBeVisible();
      await expect(main.getByRole('button', { name: texts.cancellationRequest.cancelNow })).toBeVisible();
      await expect(main.getByText(texts.captcha.label)).toBeVisible();
      // No sign-in wall, no password, no save offer in between.
      await expect(page.locator('input[type="password"]')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  });
}

const SIGNED_IN: [PersonaId, Culture][] = [
  ['active-us', 'en-US'],
  ['active-uk', 'en-GB'],
  ['active-de', 'de-DE'],
];

for (const [persona, culture] of SIGNED_IN) {
  test(`§312k: signed in as ${persona}, the footer carries the link in ${culture}`, async ({ page }) => {
    await signInAs(page.context(), persona);
    await page.goto('/payment/pricing');
    const link = page.getByRole('contentinfo').getByRole('link', { name: textsOf(culture).app.footerCancelContracts });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', formPathFor(culture));
  });
}
