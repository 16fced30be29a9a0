/**
 * A page moves focus to its heading one frame after it arrives, so a screen reader announces it.
 * A press of the visitor's in between wins: on a busy phone that frame can come after their tap has
 * begun, and a focus moved (with the scroll it brings) under their finger loses the tap. Here the
 * page's clock is held between the arrival and that frame, and the visitor presses in between.
 */
import { expect, test, type Page } from '@playwright/test';
import { textsOf } from './support/locales';

const texts = textsOf('en-US');
const FRAME_MS = 16;

/** Holds the page's timers and frames, with its clock on a frame's boundary: the next frame is a whole frame away. */
async function holdClockOnFrameBoundary(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const ticks = await page.evaluate(() => performance.now());
  await page.clock.runFor(FRAME_MS - (ticks % FRAME_MS));
}

test.use({ locale: 'en-US' });

/**
 * From the received page to the form and back through history (not a press), with the visitor's
 * focus on the footer's link and the page's clock held from just before the way back: the received
 * page has arrived, and its heading's frame has not come.
 */
async function backToReceivedWithClockHeld(page: Page) {
  await page.clock.install();
  await page.goto('/payment/cancellation/received');
  const receivedHeading = page.getByRole('heading', { level: 1, name: texts.cancellationReceived.title });
  await expect(receivedHeading).toBeFocused();
  await page.getByRole('main').getByRole('link', { name: texts.cancellationReceived.toForm }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.cancellationRequest.title })).toBeFocused();

  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: texts.app.footerCancelContracts });
  await footerLink.focus();
  await holdClockOnFrameBoundary(page);
  await page.goBack();
  await expect(page).toHaveTitle(texts.cancellationReceived.title);
  await expect(receivedHeading).toBeVisible();
  await expect(footerLink).toBeFocused();
  return { receivedHeading, footerLink };
}

test("a press between a page's arrival and its heading's focus keeps its target, and the tap lands", async ({
  page,
}) => {
  const { receivedHeading, footerLink } = await backToReceivedWithClockHeld(page);

  // A moment later the visitor presses the link they are on, and the frame comes before they release it.
  await page.clock.fastForward(1);
  await footerLink.scrollIntoViewIfNeeded();
  const box = (await footerLink.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.clock.runFor(3 * FRAME_MS);
  await expect(footerLink).toBeFocused();
  await expect(receivedHeading).not.toBeFocused();
  await page.mouse.up();
  await page.clock.resume();

  await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/request');
  await expect(page.getByRole('heading', { level: 1, name: texts.cancellationRequest.title })).toBeVisible();
});

test('with no press in between, the arriving page still moves focus to its heading', async ({ page }) => {
  const { receivedHeading } = await backToReceivedWithClockHeld(page);
  await page.clock.runFor(3 * FRAME_MS);
  await expect(receivedHeading).toBeFocused();
  await page.clock.resume();
});
