/**
 * The payment sandbox card frame (server/sandbox), mounted in a same-origin page the way a
 * checkout mounts it, seen from the parent: the frame-message protocol it posts, and what the
 * API says afterwards.
 *
 * Personas. Every spec shares one server database, so a test that pays changes that persona
 * for every spec that runs after it. Hence:
 * - The successful payment uses `employer`: never subscribed, no billing history (so "exactly
 *   one SALE" is absolute), and routed by its sub-role rather than its plan status, so no other
 *   flow depends on it staying without a plan. `new-us` is kept for the purchase funnel through
 *   the real checkout, `expired-us` for winback; paying with either here would break those.
 *   This test cannot be retried (the retry would find the plan already bought), so it is not.
 * - Declines, field errors and the keyboard use `new-in`: a decline writes no transaction and
 *   changes no status, so these are safe to run in parallel, twice (desktop and mobile) and
 *   alongside any spec that only reads `new-in`.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  TEST_CARDS,
  annualPlan,
  api,
  collectMessages,
  fillCard,
  futureExpiry,
  mountSandboxFrame,
  signInAs,
  type MessageLog,
  type PersonaId,
} from './support';
import { catalogueNameOf } from './support/catalogue';

const PAYING_PERSONA: PersonaId = 'employer';
const DECLINING_PERSONA: PersonaId = 'new-in';

const appOrigin = (page: Page) => new URL(page.url()).origin;

/** Every message the parent received came from the sandbox, sent to and seen from the app's own origin. */
function expectAllFromSandbox(messages: MessageLog, origin: string) {
  const all = messages.all();
  expect(all.length).toBeGreaterThan(0);
  for (const message of all) {
    expect(message.source, `${message.type} should name its source`).toBe('payment-sandbox');
    expect(message.origin, `${message.type} should come from the app origin`).toBe(origin);
    expect(message.frameSrc, `${message.type} should come from the card frame`).toContain('/sandbox/card-frame?');
  }
}

/**
 * The protocol messages of one submission, without the RESIZE-IFRAME ones interleaved, nor the
 * one-off ELEMENT-IN-VIEW, which comes whenever the pay button is first seen (tested on its own).
 */
const protocol = (messages: MessageLog) => messages.types({ except: ['RESIZE-IFRAME', 'ELEMENT-IN-VIEW'] });

async function openFrameAs(page: Page, persona: PersonaId, options: { lang?: string; sessionGuid?: string } = {}) {
  const me = await signInAs(page, persona, '/dashboard');
  const sku = annualPlan(await api(page).skus({ userUID: me.UserUID, sellPageOnly: true }));
  const messages = await collectMessages(page);
  const sandbox = await mountSandboxFrame(page, {
    skuId: sku.SkuID,
    lang: options.lang ?? 'en-US',
    ...(options.sessionGuid ? { sessionGuid: options.sessionGuid } : {}),
  });
  await messages.waitFor('PAGE-LOADED');
  await messages.waitFor('RESIZE-IFRAME');
  return { me, sku, messages, sandbox };
}

async function saleCount(page: Page, userUID: string): Promise<number> {
  return (await api(page).transactions(userUID, { transactionTypes: 'SALE', top: 100 })).total;
}

test.describe('payment sandbox frame: a successful payment', () => {
  // Pays for real in the shared database: a retry would meet the plan the first try bought.
  test.describe.configure({ retries: 0 });

  test('4242… posts SHOW-LOADER, PAYMENT-SUCCESS, HIDE-LOADER; the plan is Active with one SALE; the same session never charges twice', async ({
    page,
  }) => {
    const me = await signInAs(page, PAYING_PERSONA, '/dashboard');
    const origin = appOrigin(page);
    expect(
      (await api(page).subscriptions(me.UserUID, true)).filter((s) => s.StatusCD === 'ACTV'),
      `${PAYING_PERSONA} must start without an active plan`,
    ).toEqual([]);
    expect(await saleCount(page, me.UserUID), `${PAYING_PERSONA} must start without sales`).toBe(0);

    const sku = annualPlan(await api(page).skus({ userUID: me.UserUID, sellPageOnly: true }));
    const messages = await collectMessages(page);
    const sessionGuid = randomUUID();
    const sandbox = await mountSandboxFrame(page, { skuId: sku.SkuID, sessionGuid, lang: 'en-US' });

    const loaded = await messages.waitFor('PAGE-LOADED');
    expect(loaded.payload).toEqual({ skuId: sku.SkuID, sessionGuid });
    const resized = await messages.waitFor('RESIZE-IFRAME');
    expect((resized.payload as { height: number }).height).toBeGreaterThan(0);
    expectAllFromSandbox(messages, origin);

    await test.step('pay with 4242 4242 4242 4242', async () => {
      messages.clear();
      await fillCard(sandbox, { number: TEST_CARDS.success, expiry: futureExpiry(), cvc: '123' });
      await sandbox.pay.click();
      await messages.waitFor('HIDE-LOADER');
      expect(protocol(messages)).toEqual(['SHOW-LOADER', 'PAYMENT-SUCCESS', 'HIDE-LOADER']);
      expectAllFromSandbox(messages, origin);
      expect(messages.ofType('PAYMENT-SUCCESS')[0]!.payload).toMatchObject({
        skuId: sku.SkuID,
        amount: sku.UnitPrice,
        currency: sku.CurrencyCD,
        replayed: false,
        paymentMethod: 'CRCD',
        cardType: 'VISA',
        transactionId: expect.any(Number),
        subscriptionId: expect.any(Number),
      });
      await expect(sandbox.status).toHaveText('Payment received.');
      await expect(sandbox.pay).toBeEnabled();
    });

    const success = messages.ofType('PAYMENT-SUCCESS')[0]!.payload as { transactionId: number; subscriptionId: number };

    await test.step('the API shows the plan Active and exactly one SALE', async () => {
      const current = await api(page).subscriptions(me.UserUID, true);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ SubscriptionID: success.subscriptionId, SkuID: sku.SkuID, StatusCD: 'ACTV' });
      const history = await api(page).transactions(me.UserUID, { transactionTypes: 'SALE', top: 100 });
      expect(history.total).toBe(1);
      expect(history.items[0]).toMatchObject({
        transaction_id: success.transactionId,
        transaction_type: 'SALE',
        status_cd: 'SUCC',
        price: sku.UnitPrice,
        currency_cd: sku.CurrencyCD,
        card_type: 'VISA',
        last_four_digits: '4242',
        subscription_id: success.subscriptionId,
      });
    });

    await test.step('paying again in the same frame session replays the first answer and charges nothing', async () => {
      messages.clear();
      await sandbox.pay.click();
      await messages.waitFor('HIDE-LOADER');
      expect(protocol(messages)).toEqual(['SHOW-LOADER', 'PAYMENT-SUCCESS', 'HIDE-LOADER']);
      expectAllFromSandbox(messages, origin);
      expect(messages.ofType('PAYMENT-SUCCESS')[0]!.payload).toMatchObject({
        transactionId: success.transactionId,
        subscriptionId: success.subscriptionId,
        replayed: true,
      });
      expect(await saleCount(page, me.UserUID)).toBe(1);
      expect(await api(page).subscriptions(me.UserUID, false)).toHaveLength(1);
    });

    await test.step('the dashboard shows the new plan', async () => {
      await page.reload();
      await expect(page.getByTestId('status')).toHaveText('Active');
      await expect(page.getByTestId('plan')).toHaveText(catalogueNameOf(sku));
    });
  });
});

test.describe('payment sandbox frame: declines and field errors', () => {
  test('4000 0000 0000 0002 posts PAYMENT-FAILURE and writes no SALE', async ({ page }) => {
    const { me, messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    const origin = appOrigin(page);
    const salesBefore = await saleCount(page, me.UserUID);
    const plansBefore = await api(page).subscriptions(me.UserUID, false);

    messages.clear();
    await fillCard(sandbox, { number: TEST_CARDS.declined });
    await sandbox.pay.click();
    await messages.waitFor('HIDE-LOADER');

    expect(protocol(messages)).toEqual(['SHOW-LOADER', 'PAYMENT-FAILURE', 'HIDE-LOADER']);
    expectAllFromSandbox(messages, origin);
    expect(messages.ofType('PAYMENT-FAILURE')[0]!.payload).toEqual({ code: 'card_declined', status: 'FAIL' });
    await expect(sandbox.status).toHaveText('Your card was declined. Check the details or use another card.');
    await expect(sandbox.pay).toBeEnabled();

    expect(await saleCount(page, me.UserUID)).toBe(salesBefore);
    expect(await api(page).subscriptions(me.UserUID, false)).toEqual(plansBefore);
  });

  for (const { lang, error } of [
    { lang: 'en-US', error: 'Enter a valid card number.' },
    { lang: 'de-DE', error: 'Geben Sie eine gültige Kartennummer ein.' },
  ]) {
    test(
      `an invalid card number shows the ${lang} field error and sends nothing`,
      { tag: lang === 'en-US' ? '@mobile' : [] },
      async ({ page }) => {
        const { messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA, { lang });
        const paymentCalls: string[] = [];
        page.on('request', (request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payments'))
            paymentCalls.push(request.url());
        });

        // Expiry and CVC are good; then the number is mistyped and Enter pressed in it.
        await fillCard(sandbox, { number: TEST_CARDS.success });
        messages.clear();
        await sandbox.number.fill(TEST_CARDS.invalid);
        await sandbox.number.press('Enter');

        await expect(sandbox.numberError).toBeVisible();
        await expect(sandbox.numberError).toHaveText(error);
        await expect(sandbox.number).toHaveAttribute('aria-invalid', 'true');
        await expect(sandbox.number).toBeFocused();
        await expect(sandbox.expiryError).toBeHidden();
        await expect(sandbox.cvcError).toBeHidden();
        await expect(sandbox.status).toHaveText('');
        // The frame posts SHOW-LOADER in the same task as a passing validation; give a wrongly
        // sent message or request time to arrive before asserting that none was.
        await page.waitForTimeout(300);
        // Only the request to scroll the frame into view, so the person sees the error.
        expect(protocol(messages)).toEqual(['SCROLL-TO-FRAME']);
        expect(messages.ofType('SCROLL-TO-FRAME')[0]!.payload).toEqual({});
        expect(paymentCalls).toEqual([]);
      },
    );
  }
});

test.describe('payment sandbox frame: keyboard', () => {
  test('Tab moves through number, expiry, CVC and Pay; Enter submits', async ({ page }) => {
    const { messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    const keyboard = page.keyboard;

    await sandbox.number.focus();
    await keyboard.type(TEST_CARDS.declined);
    await keyboard.press('Tab');
    await expect(sandbox.expiry).toBeFocused();
    await keyboard.type(futureExpiry());
    await keyboard.press('Tab');
    await expect(sandbox.cvc).toBeFocused();
    await keyboard.type('123');
    await keyboard.press('Tab');
    await expect(sandbox.pay).toBeFocused();
    // Nothing was submitted by tabbing through valid fields.
    expect(protocol(messages)).toEqual(['PAGE-LOADED']);

    messages.clear();
    await keyboard.press('Enter');
    await messages.waitFor('HIDE-LOADER');
    expect(protocol(messages)).toEqual(['SHOW-LOADER', 'PAYMENT-FAILURE', 'HIDE-LOADER']);

    // Enter in a field submits the form too (implicit submission).
    await keyboard.press('Shift+Tab');
    await expect(sandbox.cvc).toBeFocused();
    messages.clear();
    await keyboard.press('Enter');
    await messages.waitFor('HIDE-LOADER');
    expect(protocol(messages)).toEqual(['SHOW-LOADER', 'PAYMENT-FAILURE', 'HIDE-LOADER']);
  });
});

/** Leaving a field checks that field only and never moves focus (no layout jump, no keyboard trap). */
test.describe('payment sandbox frame: blur checks one field', () => {
  test('a click on Pay straight after typing the CVC submits', async ({ page }) => {
    const { messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    await sandbox.number.fill(TEST_CARDS.declined);
    await sandbox.expiry.fill(futureExpiry());
    await sandbox.cvc.fill('123');
    messages.clear();
    await sandbox.pay.click();
    await messages.waitFor('SHOW-LOADER', { timeout: 3_000 });
  });

  test('Tab and Shift+Tab leave a mistyped card number: no keyboard trap', async ({ page }) => {
    const { sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    await sandbox.number.focus();
    await page.keyboard.type(TEST_CARDS.invalid);
    await page.keyboard.press('Tab');
    await expect(sandbox.expiry).toBeFocused({ timeout: 2_000 });
    await sandbox.number.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(sandbox.number).not.toBeFocused({ timeout: 2_000 });
  });
});

/** What the frame tells the checkout besides the payment itself (spec §4 "Checkout frame messages"). */
test.describe('payment sandbox frame: plan changes, visibility and blocked submits', () => {
  test('a SKU-UPDATED from the checkout is confirmed with SKU-UPDATED { skuId } and the new plan is the one charged', async ({
    page,
  }) => {
    const { me, sku, messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    const other = (await api(page).skus({ userUID: me.UserUID, sellPageOnly: true })).find(
      (s) => s.SkuID !== sku.SkuID,
    );
    if (!other) throw new Error('the sell page should offer more than one plan');
    const charged: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payments'))
        charged.push((request.postDataJSON() as { sku_id: number }).sku_id);
    });
    const tell = (payload: unknown) =>
      sandbox.element.evaluate(
        (iframe, data) => (iframe as HTMLIFrameElement).contentWindow!.postMessage(data, window.location.origin),
        { type: 'SKU-UPDATED', payload },
      );

    messages.clear();
    await tell({ skuId: other.SkuID });
    const confirmed = await messages.waitFor('SKU-UPDATED');
    expect(confirmed.payload).toEqual({ skuId: other.SkuID });
    expectAllFromSandbox(messages, appOrigin(page));

    // A plan id that is no id is ignored, and not confirmed.
    messages.clear();
    await tell({ skuId: -4 });
    await tell({ skuId: 'annual' });
    await page.waitForTimeout(300);
    expect(messages.ofType('SKU-UPDATED')).toEqual([]);

    await fillCard(sandbox, { number: TEST_CARDS.declined });
    await sandbox.pay.click();
    await messages.waitFor('HIDE-LOADER');
    expect(charged).toEqual([other.SkuID]);
  });

  test('ELEMENT-IN-VIEW { element: "pay" } comes once, when the pay button is first scrolled into view', async ({
    page,
  }) => {
    await signInAs(page, DECLINING_PERSONA, '/dashboard');
    const sku = annualPlan(await api(page).skus({ sellPageOnly: true }));
    // A tall page: the frame starts far below the fold.
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '4000px';
      (document.querySelector('main') ?? document.body).append(spacer);
    });
    const messages = await collectMessages(page);
    const sandbox = await mountSandboxFrame(page, { skuId: sku.SkuID });
    await messages.waitFor('PAGE-LOADED');
    await page.waitForTimeout(500);
    expect(messages.ofType('ELEMENT-IN-VIEW')).toEqual([]);

    await sandbox.pay.scrollIntoViewIfNeeded();
    const seen = await messages.waitFor('ELEMENT-IN-VIEW');
    expect(seen.payload).toEqual({ element: 'pay' });
    expectAllFromSandbox(messages, appOrigin(page));

    // Scrolling away and back again reports nothing more.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await sandbox.pay.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(messages.ofType('ELEMENT-IN-VIEW')).toHaveLength(1);
  });

  test('submitting with fields left empty asks the checkout to scroll to the frame and sends nothing', async ({
    page,
  }) => {
    const { messages, sandbox } = await openFrameAs(page, DECLINING_PERSONA);
    messages.clear();
    await sandbox.pay.click();
    await messages.waitFor('SCROLL-TO-FRAME');
    await expect(sandbox.number).toBeFocused();
    await expect(sandbox.numberError).toBeVisible();
    await page.waitForTimeout(300);
    expect(protocol(messages)).toEqual(['SCROLL-TO-FRAME']);
  });
});

test('until its script runs the pay button is disabled, so an early press is never lost; then a press pays', async ({
  page,
}) => {
  const me = await signInAs(page, DECLINING_PERSONA, '/dashboard');
  const sku = annualPlan(await api(page).skus({ userUID: me.UserUID, sellPageOnly: true }));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/card-frame.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const messages = await collectMessages(page);
  // The frame's load event waits for its script, so the mount finishes only once it is let through.
  const mounted = mountSandboxFrame(page, { skuId: sku.SkuID });
  const earlyPay = page.locator('iframe[title="Card details"]').contentFrame().locator('#pay');
  // Before the script, a press would do nothing at all: the frame's policy forbids a form's own submission.
  await expect(earlyPay).toBeDisabled();

  release();
  const sandbox = await mounted;
  await expect(sandbox.pay).toBeEnabled();
  await fillCard(sandbox, { number: TEST_CARDS.declined });
  await sandbox.pay.click();
  await messages.waitFor('PAYMENT-FAILURE');
});
