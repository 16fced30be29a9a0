/**
 * Billing history and transaction detail: active-us's sales, refund and administration fee with
 * their signs in dollars; a detail whose receipt downloads as the server's PDF; a made-up or
 * foreign transaction not found (the API says 403); pounds for active-uk, German euros and dates
 * for active-de; and an outage with a retry that then works.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAs } from './support';
import { readPdf } from '../test/support/pdf-text';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';
import { layoutShiftOf, watchLayoutShift } from './support/layout-shift';

const HISTORY = '/payment/transactions';
const EN = namespaceTextsOf('en-US', 'billing');
const DE = namespaceTextsOf('de-DE', 'billing');
const GB = namespaceTextsOf('en-GB', 'billing');

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

const amounts = (page: Page) => page.getByTestId('billing-row').getByTestId('billing-amount').allTextContents();

test.describe('billing history', () => {
  test(
    'nothing moves while the rows load: the reset link sits by the filters',
    { tag: '@mobile' },
    async ({ page }) => {
      await signInAs(page.context(), 'active-us');
      await watchLayoutShift(page);
      await page.goto('/payment/transactions');
      await expect(page.getByTestId('billing-table')).toBeVisible();
      // The date pickers come after the page's first drawing, one at a time, each in the room kept for it.
      await expect(page.getByTestId('billing-filters').getByRole('group', { name: EN.filters.end })).toBeVisible();
      await expect(page.getByTestId('date-picker-placeholder')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.02);
    },
  );

  test(
    'active-us sees her sales, the refund and the admin fee with their signs, five a page',
    { tag: '@mobile' },
    async ({ page }) => {
      await signInAs(page.context(), 'active-us');
      await page.goto(HISTORY);
      // The first page of a run may wait for its code a while.
      await expect(page.getByRole('heading', { level: 1, name: EN.history.title })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: EN.history.title })).toBeFocused();
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader', { name: EN.table.amount })).toBeAttached();
      // Newest first, five a page: the month 20 days ago, the refund and the fee 48 days ago, the months 50 and 80 days ago.
      await expect(page.getByTestId('billing-row')).toHaveCount(5);
      expect((await amounts(page)).sort()).toEqual(['$23.95', '$23.95', '$23.95', '$4.95', '-$23.95'].sort());
      const refund = page.getByTestId('billing-row').filter({ hasText: '-$23.95' });
      await expect(refund).toContainText(EN.tag.refund);
      await expect(refund).toContainText('Mastercard ending in 5454');
      await expect(page.getByTestId('billing-row').filter({ hasText: '$4.95' }).getByTestId('admin-fee')).toHaveText(
        EN.tag.adminFee,
      );
      await expect(page.getByTestId('billing-row').first()).toContainText(' – ');
      // axe on this page: accessibility.spec.ts.

      // The second page: the older month and the trial.
      await page.getByRole('button', { name: EN.paging.next }).click();
      await expect(page).toHaveURL(/skip=5/);
      await expect(page.getByTestId('billing-row')).toHaveCount(2);
      expect(await amounts(page)).toEqual(['$23.95', '$2.95']);
    },
  );

  test('refunds only, by keyboard, kept in the address over a reload; back shows the list before', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    await page.goto(HISTORY);
    await expect(page.getByTestId('billing-row')).toHaveCount(5);
    await page.getByRole('radio', { name: EN.kind.refunds }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: EN.kind.refunds })).toBeChecked();
    await page.getByRole('button', { name: EN.filters.apply }).press('Enter');
    await expect(page).toHaveURL(/txtype=refund/);
    await expect(page.getByTestId('billing-row')).toHaveCount(1);
    expect(await amounts(page)).toEqual(['-$23.95']);
    await page.reload();
    await expect(page.getByTestId('billing-row')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: EN.kind.refunds })).toBeChecked();
    await page.goBack();
    await expect(page.getByTestId('billing-row')).toHaveCount(5);
    await expect(page.getByRole('radio', { name: EN.kind.all })).toBeChecked();
  });

  test(
    'she opens the refund, and its PDF receipt downloads from the server with her amount',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAs(page.context(), 'active-us');
      await page.goto(`${HISTORY}?txtype=refund`);
      await page
        .getByTestId('billing-row')
        .getByRole('link', { name: /Monthly Access/ })
        .click();
      await expect(page).toHaveURL(/\/payment\/transactions\/\d+\/detail$/);
      await expect(page.getByRole('heading', { level: 1, name: EN.detail.title })).toBeVisible();
      await expect(page.getByTestId('detail-amount')).toContainText('-$23.95');
      await expect(page.getByTestId('detail-type')).toContainText(EN.tag.refund);
      await expectNoSeriousViolations(page);
      const id = /transactions\/(\d+)\/detail/.exec(page.url())![1]!;
      const link = page.getByTestId('receipt-download');
      expect(await link.getAttribute('href')).toBe(apiPath(`payments/${me.UserUID}/transactions/${id}/receipt`));
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`receipt-${id}.pdf`);
      const pdf = await page.request.get(apiPath(`payments/${me.UserUID}/transactions/${id}/receipt`));
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const receipt = await readPdf(new Uint8Array(await pdf.body()));
      expect(receipt.texts).toEqual(expect.arrayContaining(['Refund receipt', '-$23.95']));
    },
  );

  test('a made-up or foreign transaction id shows not found, and the API answers 403 for the foreign one', async ({
    page,
  }) => {
    const lena = await signInAs(page.context(), 'active-de');
    const [foreign] = (await api(page).transactions(lena.UserUID)).items;
    const me = await signInAs(page.context(), 'active-us');
    const answer = await page.request.get(apiPath(`payments/${me.UserUID}/${foreign!.transaction_id}/detail`));
    expect(answer.status()).toBe(403);
    for (const id of [String(foreign!.transaction_id), '999999999', 'abc']) {
      await page.goto(`${HISTORY}/${id}/detail`);
      await expect(page.getByTestId('page-not-found')).toBeVisible();
      await expect(page.getByTestId('transaction-receipt')).toHaveCount(0);
    }
  });

  test('active-uk sees pounds; active-de sees German euros and dates', async ({ page }) => {
    await signInAs(page.context(), 'active-uk');
    await page.goto(HISTORY);
    await expect(page.getByRole('heading', { level: 1, name: GB.history.title })).toBeVisible();
    await expect(page.getByTestId('billing-row')).toHaveCount(2);
    for (const amount of await amounts(page)) expect(amount).toMatch(/^£\d+\.\d{2}$/);
    await expect(page.getByTestId('billing-row').first()).toContainText('Visa ending in 1117');

    await signInAs(page.context(), 'active-de');
    await page.goto(HISTORY);
    await expect(page.getByRole('heading', { level: 1, name: DE.history.title })).toBeVisible();
    await expect(page.getByTestId('billing-row')).toHaveCount(2);
    expect(await amounts(page)).toEqual(['24,95\u00a0€', '2,95\u00a0€']);
    // German dates: "26.10.2026", in the row and in the range.
    await expect(page.getByTestId('billing-row').first().getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(page.getByTestId('billing-range')).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(page.getByTestId('billing-row').first()).toContainText('Mastercard mit Endziffern 4444');
  });

  test('with the API down the history says so, and its retry then works', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    const isList = (url: URL) =>
      url.pathname.endsWith('/transactions') && url.pathname.startsWith(apiPath('payments/'));
    await page.route(isList, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(HISTORY);
    await expect(page.getByRole('alert')).toContainText(EN.history.failed);
    await expectNoSeriousViolations(page);
    await page.unroute(isList);
    await page.getByRole('button', { name: EN.retry }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('billing-row')).toHaveCount(5);
  });
});
