/**
 * The sandbox card form fits its frame, and the frame fits its form (issue 51, items 1, 10 and 13),
 * on a 390px and a 320px phone and on a desktop, at checkout and when changing the payment method:
 * - nothing inside the frame is wider than the frame (no horizontal scroll), and every visible
 *   control and text lies inside the frame's box;
 * - the frame is as tall as its form (RESIZE-IFRAME), and the page leaves no empty band under it;
 * - the order summary's labels and values wrap only between words;
 * - a declined card is reported once, in an alert on the page, and the form stays usable for a retry.
 *
 * Each test signs in as a fresh copy of its persona: the checkout must stay open (a plan bought by
 * another spec would close it for the shared new-us), and a card put on file changes the person.
 */
import { devices, expect, test, type Frame, type Page } from '@playwright/test';
import { TEST_CARDS, api, fillCheckoutCard, futureExpiry, signInAsFresh, type PersonaId } from './support';
import { wordsSplitAcrossLines } from './support/split-words';

const PHONE = { isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent, deviceScaleFactor: 2 };
const SCREENS = {
  'phone 390': { ...PHONE, viewport: { width: 390, height: 844 } },
  'phone 320': { ...PHONE, viewport: { width: 320, height: 640 } },
  desktop: { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
} as const;
type Screen = keyof typeof SCREENS;

/** Space the frame may keep under its last control: its own padding and the focus outline's room, not an empty band. */
const FRAME_SLACK_PX = 24;
/** The page's own spacing between the frame and what follows it. */
const PAGE_GAP_PX = 48;

/** The card frame's document, once the frame has loaded its form and taken the height it reports. */
async function settledCardFrame(page: Page): Promise<Frame> {
  const element = page.getByTestId('card-frame');
  await expect(element.contentFrame().locator('#pay')).toBeEnabled({ timeout: 15_000 });
  const frame = (await (await element.elementHandle())!.contentFrame())!;
  // The frame follows its content's height: the iframe's box and its document agree.
  await expect
    .poll(
      async () => {
        const outer = await element.evaluate((e) => e.getBoundingClientRect().height);
        const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
        return Math.abs(outer - inner);
      },
      { message: "the frame's height follows its content" },
    )
    .toBeLessThanOrEqual(1);
  return frame;
}

interface FrameLayout {
  scrollWidth: number;
  clientWidth: number;
  clientHeight: number;
  /** Visible controls and texts that reach past the frame's box. */
  outside: string[];
  /** The lowest bottom edge of a visible control or text. */
  lastBottom: number;
}

/** What the frame's document measures, in its own coordinates (its viewport is the frame's box). */
const frameLayoutOf = (frame: Frame): Promise<FrameLayout> =>
  frame.evaluate(() => {
    const root = document.documentElement;
    const outside: string[] = [];
    let lastBottom = 0;
    for (const element of document.querySelectorAll<HTMLElement>('input, button, select, textarea, label, p')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      // An empty line (a status with nothing to say) is empty space, not content.
      if ((element.tagName === 'P' || element.tagName === 'LABEL') && !element.textContent?.trim()) continue;
      lastBottom = Math.max(lastBottom, rect.bottom);
      if (
        rect.left < -0.5 ||
        rect.top < -0.5 ||
        rect.right > root.clientWidth + 0.5 ||
        rect.bottom > root.clientHeight + 0.5
      ) {
        outside.push(
          `${element.tagName.toLowerCase()}#${element.id || '?'} ${Math.round(rect.left)}..${Math.round(rect.right)} x ${Math.round(rect.top)}..${Math.round(rect.bottom)}`,
        );
      }
    }
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      clientHeight: root.clientHeight,
      outside,
      lastBottom,
    };
  });

/** The empty space between the frame's bottom and the first visible thing after it on the page. */
const gapBelowFrame = (page: Page): Promise<number> =>
  page.getByTestId('card-frame').evaluate((frame) => {
    const bottom = frame.getBoundingClientRect().bottom;
    let next = Infinity;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!(frame.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) || element.contains(frame))
        continue;
      const rect = element.getBoundingClientRect();
      // Below the frame only: a fixed control (the tester panel's button) may follow it in the page yet sit above it.
      if (rect.height > 0 && rect.width > 0 && rect.top >= bottom - 1) next = Math.min(next, rect.top);
    }
    return next - bottom;
  });

async function expectCardFormFits(page: Page) {
  const frame = await settledCardFrame(page);
  const layout = await frameLayoutOf(frame);
  // Soft: a failure reports every way the form does not fit, not only the first.
  expect.soft(layout.scrollWidth, 'no horizontal scroll inside the card frame').toBeLessThanOrEqual(layout.clientWidth);
  expect.soft(layout.outside, 'every visible control and text lies inside the frame').toEqual([]);
  expect
    .soft(layout.clientHeight - layout.lastBottom, 'no empty area in the frame below its last control')
    .toBeLessThanOrEqual(FRAME_SLACK_PX);
  expect.soft(await gapBelowFrame(page), 'no empty band on the page under the frame').toBeLessThanOrEqual(PAGE_GAP_PX);
}

async function openCheckout(page: Page, screen: Screen) {
  const me = await signInAsFresh(page.context(), 'new-us');
  // The monthly plan: its summary has the most rows (the "Then…" renewal among them).
  const plan = (await api(page).skus({ userUID: me.UserUID, sellPageOnly: true })).find(
    (s) => s.PlanTier === 'fullAccess',
  )!;
  await page.goto(`/payment/${screen === 'desktop' ? '' : 'mobile/'}checkout?skuid=${plan.SkuID}`);
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-sku-id', String(plan.SkuID));
}

async function openChangePaymentMethod(page: Page, persona: PersonaId) {
  await signInAsFresh(page.context(), persona);
  await page.goto('/payment/change-payment-method');
}

for (const screen of Object.keys(SCREENS) as Screen[]) {
  test.describe(`card form on a ${screen}`, () => {
    test.use(SCREENS[screen]);

    test('checkout: the card form fits its frame, the frame its form, and the summary wraps between words', async ({
      page,
    }) => {
      await openCheckout(page, screen);
      await expectCardFormFits(page);
      expect
        .soft(
          await wordsSplitAcrossLines(page, '[data-testid="order-summary"] :is(dt, dd)'),
          'order summary words broken across lines',
        )
        .toEqual([]);
    });

    test('change payment method: the card form fits its frame, and the frame its form', async ({ page }) => {
      await openChangePaymentMethod(page, 'active-us');
      await expectCardFormFits(page);
    });
  });
}

test.describe('card form on a 320px phone in German', () => {
  test.use({ ...SCREENS['phone 320'], locale: 'de-DE' });

  test('change payment method: the longer German labels fit too', async ({ page }) => {
    await openChangePaymentMethod(page, 'active-de');
    await expect(page.getByTestId('card-frame').contentFrame().locator('label[for="card-cvc"]')).toHaveText(
      'Prüfnummer (CVC)',
    );
    await expectCardFormFits(page);
  });
});

/** How often the decline is told, on the page and inside the card frame together. */
async function declineMentions(page: Page, frame: Frame): Promise<number> {
  const texts = [await page.locator('body').innerText(), await frame.locator('body').innerText()];
  return texts.join('\n').match(/declined/gi)?.length ?? 0;
}

test.describe('a declined card on a 390px phone', () => {
  test.use(SCREENS['phone 390']);

  test('checkout says it once, in an alert on the page; the card form stays usable for a retry', async ({ page }) => {
    await openCheckout(page, 'phone 390');
    const frame = await settledCardFrame(page);
    const card = await fillCheckoutCard(page, TEST_CARDS.declined);
    await card.locator('#pay').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(card.locator('#pay')).toBeEnabled();
    expect(await declineMentions(page, frame), 'the decline is told once').toBe(1);
    // The form stays as it was, ready for another card.
    await card.locator('#card-number').fill(TEST_CARDS.success);
    await expect(card.locator('#card-number')).toBeEditable();
    await expectCardFormFits(page);
  });

  test('change payment method says it once, in an alert on the page', async ({ page }) => {
    await openChangePaymentMethod(page, 'active-us');
    const frame = await settledCardFrame(page);
    const card = page.getByTestId('card-frame').contentFrame();
    await card.locator('#card-number').fill(TEST_CARDS.declined);
    await card.locator('#card-expiry').fill(futureExpiry());
    await card.locator('#card-cvc').fill('123');
    await card.locator('#pay').click();
    await expect(page.getByRole('alert').filter({ hasText: 'That card was declined.' })).toBeVisible();
    await expect(card.locator('#pay')).toBeEnabled();
    expect(await declineMentions(page, frame), 'the decline is told once').toBe(1);
  });
});
