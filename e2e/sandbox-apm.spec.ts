/**
 * The payment sandbox's alternative methods (PayPal, UPI), seen from the parent page: the frame
 * in PYPL or DUPI mode shows one button, creates a pending payment and asks the checkout to
 * send the whole page to the sandbox's approval page (REDIRECT-APM-URL); that page's Approve
 * and Cancel lead to the app's processing page, which settles the payment (the lead's page:
 * only its address is asserted here).
 *
 * Personas: each test pays with a fresh copy (signInAsFresh), so no shared persona changes.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { annualPlan, api, collectMessages, mountSandboxFrame, signInAsFresh, type MessageLog } from './support';
import { catalogueNameOf } from './support/catalogue';

const protocol = (messages: MessageLog) => messages.types({ except: ['RESIZE-IFRAME', 'ELEMENT-IN-VIEW'] });

/** The next top-level navigation to the app's processing page. */
const processingNavigation = (page: Page): Promise<Request> =>
  page.waitForRequest(
    (request) =>
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      new URL(request.url()).pathname === '/payment/processing',
  );

test.describe('payment sandbox: alternative methods through the approval page', () => {
  test('PYPL: Continue with PayPal posts continue-CTA-click, SHOW-LOADER, REDIRECT-APM-URL; Approve leads to /payment/processing …status=approved', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', '/dashboard');
    const origin = new URL(page.url()).origin;
    const sku = annualPlan(await api(page).skus({ sellPageOnly: true }));
    const messages = await collectMessages(page);
    const sandbox = await mountSandboxFrame(page, { skuId: sku.SkuID, method: 'PYPL' });
    await messages.waitFor('PAGE-LOADED');

    const continueButton = sandbox.frame.getByRole('button', { name: 'Continue with PayPal' });
    await expect(continueButton).toBeVisible();
    await expect(sandbox.frame.getByRole('textbox')).toHaveCount(0);

    messages.clear();
    await continueButton.click();
    const redirect = await messages.waitFor('REDIRECT-APM-URL');
    expect(protocol(messages)).toEqual(['continue-CTA-click', 'SHOW-LOADER', 'REDIRECT-APM-URL']);
    expect(messages.ofType('continue-CTA-click')[0]!.payload).toEqual({ method: 'PYPL' });
    for (const message of messages.all()) {
      expect(message.source).toBe('payment-sandbox');
      expect(message.origin).toBe(origin);
    }

    const approvalUrl = new URL((redirect.payload as { url: string }).url);
    expect(approvalUrl.origin).toBe(origin);
    expect(approvalUrl.pathname).toBe('/sandbox/apm');
    const transactionId = approvalUrl.searchParams.get('transactionId')!;
    expect(transactionId).toMatch(/^\d+$/);
    expect(Object.fromEntries(approvalUrl.searchParams)).toEqual({
      transactionId,
      skuId: String(sku.SkuID),
      method: 'PYPL',
      lang: 'en-US',
    });

    await test.step('the payment waits: pending, no active plan yet', async () => {
      expect(await api(page).subscriptions(me.UserUID, true)).toEqual([
        expect.objectContaining({ SkuID: sku.SkuID, StatusCD: 'PEND' }),
      ]);
      expect((await api(page).claims()).UserType).toBe('NEW');
    });

    await test.step('the approval page shows plan and amount, with Approve and Cancel', async () => {
      await page.goto(approvalUrl.href);
      await expect(page.getByRole('heading', { level: 1, name: 'Sandbox PayPal' })).toBeVisible();
      await expect(page.getByRole('definition')).toHaveText([catalogueNameOf(sku), sku.FormattedUnitPrice]);
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
      const approve = page.getByRole('button', { name: 'Approve' });
      await expect(approve).toBeVisible();

      const navigation = processingNavigation(page);
      await approve.click();
      const landed = new URL((await navigation).url());
      expect(Object.fromEntries(landed.searchParams)).toEqual({
        orderid: transactionId,
        skuid: String(sku.SkuID),
        method: 'PYPL',
        status: 'approved',
      });
      expect(landed.origin).toBe(origin);
    });
  });

  test('DUPI in German, by keyboard: Weiter mit UPI, then Abbrechen leads to /payment/processing …status=cancelled', async ({
    page,
  }) => {
    await signInAsFresh(page, 'new-in', '/dashboard');
    const sku = annualPlan(await api(page).skus({ sellPageOnly: true }));
    const messages = await collectMessages(page);
    const sandbox = await mountSandboxFrame(page, { skuId: sku.SkuID, method: 'DUPI', lang: 'de-DE' });
    await messages.waitFor('PAGE-LOADED');

    const continueButton = sandbox.frame.getByRole('button', { name: 'Weiter mit UPI' });
    await continueButton.focus();
    messages.clear();
    await page.keyboard.press('Enter');
    const redirect = await messages.waitFor('REDIRECT-APM-URL');
    expect(protocol(messages)).toEqual(['continue-CTA-click', 'SHOW-LOADER', 'REDIRECT-APM-URL']);
    expect(messages.ofType('continue-CTA-click')[0]!.payload).toEqual({ method: 'DUPI' });
    const approvalUrl = new URL((redirect.payload as { url: string }).url);
    expect(approvalUrl.searchParams.get('lang')).toBe('de-DE');

    await page.goto(approvalUrl.href);
    await expect(page.getByRole('heading', { level: 1, name: 'Sandbox UPI' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bestätigen' })).toBeVisible();
    const cancel = page.getByRole('button', { name: 'Abbrechen' });
    await cancel.focus();
    const navigation = processingNavigation(page);
    await page.keyboard.press('Enter');
    const landed = new URL((await navigation).url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      orderid: approvalUrl.searchParams.get('transactionId'),
      skuid: String(sku.SkuID),
      method: 'DUPI',
      status: 'cancelled',
    });
  });
});
