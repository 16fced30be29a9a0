/**
 * The services (spec §1, §2 "Order confirmation" and "Other screens"): buying each one through
 * the sell page's service section and checkout lands where the post-payment rules say (the
 * review's intake on desktop, the order confirmation otherwise, mobile pages on a phone), and
 * the confirmation leads on to the service's intake; the intake stores its answers, shows them
 * again after a reload, refuses bad input and survives an outage with the answers kept.
 *
 * Every test pays, so each signs in as a fresh copy of `new-us`. Tests tagged @mobile also run
 * on the phone viewport.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SERVICE_PRODUCT, type ServiceKind } from '../machines/service-products.rules';
import { axeViolations, isSerious } from './support/axe';
import { TEST_CARDS, apiPath, futureExpiry, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';

const texts = namespaceTextsOf('en-US', 'services');
const order = namespaceTextsOf('en-US', 'order');
const catalogue = namespaceTextsOf('en-US', 'catalogue');
const INTAKE_PATH: Record<ServiceKind, string> = {
  resumeReview: 'resume-review',
  tuneUp: 'resume-tuneup',
  resumeWriting: 'resume-writing',
  coverLetterWriting: 'cover-letter-writing',
};
/** The US market's SKUs of the services (server/db/seed/catalog.ts: portal 1, slots 20–25). */
const US_SKU: Record<ServiceKind, number> = {
  resumeReview: 120,
  coverLetterWriting: 123,
  resumeWriting: 124,
  tuneUp: 125,
};

const field = (page: Page, name: 'targetJobTitle' | 'yearsExperience' | 'industry' | 'companyName' | 'comments') =>
  page.getByRole('textbox', { name: texts.intake.fields[name].label });

async function payWithCard(page: Page) {
  const frame = page.getByTestId('card-frame').contentFrame();
  await frame.locator('#card-number').fill(TEST_CARDS.success);
  await frame.locator('#card-expiry').fill(futureExpiry());
  await frame.locator('#card-cvc').fill('123');
  await frame.locator('#pay').click();
}

/** Buys a service through the API, as checkout would, and answers the sale's id. */
async function buyThroughApi(page: Page, userUid: string, skuId: number): Promise<number> {
  const response = await page.request.post(apiPath('payments'), {
    data: {
      user_uid: userUid,
      sku_id: skuId,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { TransactionID: number }).TransactionID;
}

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

test.describe('buying a service', { tag: '@mobile' }, () => {
  for (const kind of ['resumeReview', 'tuneUp', 'resumeWriting', 'coverLetterWriting'] as const) {
    // One service is bought from the sell page's section and followed on to its intake; the others start at their checkout.
    const fromSellPage = kind === 'tuneUp';
    test(`${kind}: paid at checkout, lands where the destination rules lead`, async ({ page, isMobile }) => {
      const checkout = `/payment/${isMobile ? 'mobile/' : ''}checkout`;
      if (fromSellPage) {
        await signInAsFresh(page, 'new-us', isMobile ? '/payment/mobile/plans' : '/payment/pricing');
        const section = page.getByTestId('service-section');
        await expect(section.getByRole('heading', { level: 2, name: texts.section.heading })).toBeVisible();
        await section.getByTestId(`buy-${kind}`).click();
      } else {
        await signInAsFresh(page, 'new-us', `${checkout}?skuid=${US_SKU[kind]}`);
      }
      await expect(page).toHaveURL(
        (url) => url.pathname === checkout && url.searchParams.get('skuid') === String(US_SKU[kind]),
      );
      await expect(page.getByTestId('summary-plan')).toHaveText(texts.kind[kind].title);
      await payWithCard(page);

      const toIntake = kind === 'resumeReview' && !isMobile;
      const landing = toIntake
        ? `/payment/${INTAKE_PATH[kind]}`
        : `/payment/${isMobile ? 'mobile/' : ''}orderconfirmation`;
      await expect(page).toHaveURL(
        (url) => url.pathname === landing && url.searchParams.get('skuid') === String(US_SKU[kind]),
        { timeout: 15_000 },
      );
      const orderId = new URL(page.url()).searchParams.get('orderid');
      expect(orderId).toMatch(/^\d+$/);
      if (toIntake) {
        await expect(page.getByTestId('page-service-intake')).toHaveAttribute('data-service', kind);
        await expect(field(page, 'targetJobTitle')).toBeEditable();
      }
      if (fromSellPage) {
        // The confirmation of a service leads on to its intake, for this order.
        const welcome = page.getByRole('dialog', { name: order.welcome.title });
        await welcome.getByRole('button', { name: order.welcome.gotIt }).click();
        await page.getByTestId('continue').click();
        await expect(page).toHaveURL(
          (url) => url.pathname === `/payment/${INTAKE_PATH[kind]}` && url.searchParams.get('orderid') === orderId,
        );
        await expect(page.getByRole('heading', { level: 1, name: texts.kind[kind].title })).toBeVisible();
        await expect(field(page, 'yearsExperience')).toBeEditable();
      }
    });
  }
});

test.describe('the intake', () => {
  test(
    'stores the answers once and shows them after a reload; axe finds nothing serious',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page, 'new-us');
      const orderId = await buyThroughApi(page, me.UserUID, US_SKU.coverLetterWriting);
      await page.goto(`/payment/cover-letter-writing?orderid=${orderId}`);
      await expect(field(page, 'companyName')).toBeEditable();
      await expect(field(page, 'yearsExperience')).toHaveCount(0);
      await expectNoSeriousViolations(page);

      await field(page, 'targetJobTitle').fill('Head chef');
      await field(page, 'companyName').fill('Harbour Bistro');
      await field(page, 'comments').fill('Mention the two seasons in Lyon.');
      await page.getByTestId('intake-submit').click();
      const answered = page.getByTestId('intake-answered');
      await expect(answered.getByText(texts.intake.answeredHeading)).toBeVisible();

      await page.reload();
      await expect(page.getByTestId('answer-targetJobTitle')).toHaveText('Head chef');
      await expect(page.getByTestId('answer-companyName')).toHaveText('Harbour Bistro');
      await expect(page.getByTestId('answer-comments')).toHaveText('Mention the two seasons in Lyon.');
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expectNoSeriousViolations(page);
      // Without the order id the page finds the same answered order.
      await page.goto('/payment/cover-letter-writing');
      await expect(page.getByTestId('answer-companyName')).toHaveText('Harbour Bistro');
    },
  );

  test('bad input is refused field by field and nothing is written; an outage keeps what was typed for a retry', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us');
    const orderId = await buyThroughApi(page, me.UserUID, US_SKU.tuneUp);
    const sent: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/intake')) sent.push(Date.now());
    });
    await page.goto(`/payment/resume-tuneup?orderid=${orderId}`);

    // Refused before anything is sent.
    await field(page, 'targetJobTitle').fill('x');
    await field(page, 'yearsExperience').fill('lots');
    await page.getByTestId('intake-submit').click();
    await expect(field(page, 'targetJobTitle')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(texts.intake.errors.tooShort.replace('{{min}}', '2'))).toBeVisible();
    await expect(page.getByText(texts.intake.errors.notWholeYears)).toBeVisible();
    expect(sent).toEqual([]);

    // A body the server refuses (the years dropped on the way): 400 with its error body, the field shown, no write.
    await field(page, 'targetJobTitle').fill('Line cook');
    await field(page, 'yearsExperience').fill('3');
    await page.route(
      (url) => url.pathname.endsWith('/intake'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const body = route.request().postDataJSON() as { answers: Record<string, unknown> };
        const response = await route.fetch({
          postData: JSON.stringify({ ...body, answers: { ...body.answers, yearsExperience: null } }),
        });
        expect(response.status()).toBe(400);
        expect(await response.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', fields: { 'answers.yearsExperience': 'required' } },
        });
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.getByTestId('intake-submit').click();
    await expect(page.getByText(texts.intake.errors.required)).toBeVisible();
    await expect(field(page, 'targetJobTitle')).toHaveValue('Line cook');
    const stored = await page.request.get(
      apiPath(`services/${me.UserUID}/intake`, { service: SERVICE_PRODUCT.tuneUp, orderid: orderId }),
    );
    expect(await stored.json()).toMatchObject({ Status: 'awaitingAnswers', Answers: null });

    // The server is down: the answers stay, retry sends them.
    await field(page, 'yearsExperience').fill('4');
    await page.route(
      (url) => url.pathname.endsWith('/intake'),
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 503,
              headers: { 'Retry-After': '5' },
              json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
            })
          : route.continue(),
      { times: 1 },
    );
    await page.getByTestId('intake-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: texts.intake.sendFailed })).toBeVisible();
    await expect(field(page, 'targetJobTitle')).toHaveValue('Line cook');
    await expect(field(page, 'yearsExperience')).toHaveValue('4');
    await page.getByRole('button', { name: texts.intake.retry }).click();
    await expect(page.getByTestId('answer-yearsExperience')).toHaveText('4');
    expect(sent).toHaveLength(3);
  });
});

test.describe('the free review of the cancellation', () => {
  test('claimed in the cancellation, its intake filled here: the cancellation then shows the review in progress', async ({
    page,
  }) => {
    const freeReview = namespaceTextsOf('en-US', 'free-review');
    await signInAsFresh(page, 'trial-us', '/payment/cancellation/review');
    await page.getByRole('button', { name: freeReview.offer.action }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/resume-review');
    await field(page, 'targetJobTitle').fill('Data analyst');
    await page.getByTestId('intake-submit').click();
    await expect(page.getByTestId('intake-answered').getByText(texts.intake.inReview)).toBeVisible();
    await page.goto('/payment/cancellation/review');
    await expect(page.getByRole('heading', { level: 1, name: freeReview.inReview.heading })).toBeVisible();
  });
});

test.describe('after the purchase', () => {
  test('the order detail page (the common post-payment URL) is the receipt with the intake and the dashboard; axe finds nothing serious', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us');
    const orderId = await buyThroughApi(page, me.UserUID, US_SKU.tuneUp);
    await page.goto(`/payment/confirmation/detail?orderid=${orderId}&skuid=${US_SKU.tuneUp}&isFeedBackTool=true`);
    const receipt = page.getByTestId('legacy-receipt');
    await expect(receipt).toContainText(String(orderId));
    await expect(receipt).toContainText(catalogue.product.tuneUp.name);
    await expect(page.getByTestId('go-to-intake')).toHaveAttribute('href', `/payment/resume-tuneup?orderid=${orderId}`);
    await expect(page.getByRole('button', { name: order.continue })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
