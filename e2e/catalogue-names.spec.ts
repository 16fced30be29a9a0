/**
 * Products are named by the one catalogue of the person's culture (src/domain/catalogue.ts):
 * a German customer sees no English product name and no internal code on my settings, billing
 * history, a transaction's detail or the pre-cancel page; an American one sees the detail in
 * words too; checkout states every plan's renewal terms before payment, the annual plan's
 * included; and each plan card and checkout's order summary list what the plan includes.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signInAs, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';

const EN_CATALOGUE = namespaceTextsOf('en-US', 'catalogue');
const DE_CATALOGUE = namespaceTextsOf('de-DE', 'catalogue');
const EN_BILLING = namespaceTextsOf('en-US', 'billing');
const EN_FUNNEL = namespaceTextsOf('en-US', 'funnel');

/** Every English product name of the catalogue, and the stored English sku labels the database holds. */
const ENGLISH_NAMES: string[] = [
  ...Object.values(EN_CATALOGUE.product as Record<string, { name: string }>).map((p) => p.name),
  '14-Day Full Access',
  '14-Day Limited Access',
  'Monthly Access',
  'Annual Access',
  'Full Access',
  'Limited Access',
];
/** Internal codes: product ids, sku types, sub types, payment method codes. */
const INTERNAL_CODES =
  /\b(RSMBLD|RSMRVW|BOLDPRO|SOCCARD|CLWRIT|RSWRIT|RSTUNE|SUBS|SING|SNGL|REBT|ADFE|CRCD|PYPL|DUPI)\b/;

async function expectNoEnglishNamesOrCodes(page: Page) {
  const text = await page.locator('main').innerText();
  for (const name of ENGLISH_NAMES) expect(text, `"${name}" on ${page.url()}`).not.toContain(name);
  expect(text, `an internal code on ${page.url()}`).not.toMatch(INTERNAL_CODES);
}

test.describe('the catalogue names products in the person’s culture', () => {
  test('active-de sees German product names and no internal code on settings, billing, a detail and the pre-cancel page', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'active-de', '/payment/mysettings');
    const current = DE_CATALOGUE.product.monthly.name as string;

    await expect(page.getByTestId('plan-name')).toHaveText(current, { timeout: 15_000 });
    await expectNoEnglishNamesOrCodes(page);

    await page.goto('/payment/transactions');
    await expect(page.getByTestId('billing-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('billing-table')).toContainText(current);
    await expectNoEnglishNamesOrCodes(page);

    const [sale] = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE', top: 1 })).items;
    await page.goto(`/payment/transactions/${sale!.transaction_id}/detail`);
    await expect(page.getByTestId('transaction-receipt')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('detail-item')).toContainText(current);
    await expectNoEnglishNamesOrCodes(page);

    await page.goto('/payment/cancellation/pre');
    await expect(page.getByTestId('page-cancellation-pre')).toContainText(current, { timeout: 15_000 });
    await expectNoEnglishNamesOrCodes(page);
  });

  test('active-us: the transaction detail says the product, the fee and the payment method in words, not codes', async ({
    page,
  }) => {
    const me = await signInAs(page, 'active-us');
    const fee = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE', top: 50 })).items.find(
      (t) => t.sub_type === 'ADFE',
    )!;
    await page.goto(`/payment/transactions/${fee.transaction_id}/detail`);
    const receipt = page.getByTestId('transaction-receipt');
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('detail-item')).toContainText(EN_CATALOGUE.product.monthly.name);
    await expect(receipt).toContainText(EN_BILLING.tag.adminFee);
    await expect(page.getByTestId('detail-method-name')).toContainText(EN_BILLING.method.name.CRCD);
    await expect(receipt).toContainText('Mastercard ending in 5454');
    const text = await receipt.innerText();
    expect(text).not.toMatch(INTERNAL_CODES);
    expect(text).not.toContain(`${EN_BILLING.detail.methodCode}`);
  });
});

test.describe('renewal terms before payment', () => {
  test('the annual plan’s checkout says what it costs and that it does not renew', async ({ page }) => {
    await signInAsFresh(page, 'new-us', '/payment/pricing');
    await page.getByTestId('plan-option-annualAccess').click();
    await page.getByTestId('continue-to-checkout').click();
    const summary = page.getByTestId('order-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByText(EN_FUNNEL.checkout.renewalTerms)).toBeVisible();
    await expect(page.getByTestId('summary-renewal')).toHaveText(
      'One payment of $59.40 for 1 year. It does not renew.',
    );
  });

  test('the full 14-day plan’s checkout says its price after the trial, how often, and until when', async ({
    page,
  }) => {
    await signInAsFresh(page, 'new-us', '/payment/pricing');
    await page.getByTestId('plan-option-fullAccess').click();
    await page.getByTestId('continue-to-checkout').click();
    await expect(page.getByTestId('summary-renewal')).toHaveText(
      'After 14 days it renews at $23.95 every month until you cancel.',
    );
  });
});

test.describe('what each plan includes, where a buyer decides', () => {
  const TIERS = [
    ['limitedAccess', 'limitedTrial'],
    ['fullAccess', 'fullTrial'],
    ['annualAccess', 'annual'],
  ] as const;

  for (const culture of ['en-US', 'de-DE'] as const) {
    test.describe(culture, () => {
      test.use({ locale: culture });

      test(`${culture}: every plan card and checkout's order summary list the catalogue's includes`, async ({
        page,
      }) => {
        const catalogue = namespaceTextsOf(culture, 'catalogue');
        const funnel = namespaceTextsOf(culture, 'funnel');
        const includes = (product: string) => catalogue.product[product].includes as string[];
        if (culture === 'en-US') {
          await signInAsFresh(page, 'new-us', '/payment/pricing');
        } else {
          // A German buyer: a fresh copy of active-de whose plan is cancelled, so the sell page and checkout are open to them.
          const me = await signInAsFresh(page, 'active-de');
          const [current] = await api(page).subscriptions(me.UserUID, true);
          await api(page).post('subscriptions/cancelv2', {
            user_uid: me.UserUID,
            subscription_id: current!.SubscriptionID,
          });
          await page.goto('/payment/pricing');
        }
        for (const [tier, product] of TIERS) {
          const name = catalogue.product[product].name as string;
          const details = page.getByTestId(`plan-includes-${tier}`);
          const summary = details.getByText(String(funnel.sell.includesSummary).replace('{{plan}}', name));
          await expect(summary).toBeVisible();
          await summary.click();
          await expect(details.getByRole('list').getByRole('listitem')).toHaveText(includes(product));
        }
        await page.getByTestId('plan-option-fullAccess').click();
        await page.getByTestId('continue-to-checkout').click();
        const summary = page.getByTestId('order-summary');
        await expect(summary.getByText(funnel.checkout.includes as string, { exact: true })).toBeVisible();
        await expect(page.getByTestId('summary-includes').getByRole('listitem')).toHaveText(includes('fullTrial'));
      });
    });
  }
});
