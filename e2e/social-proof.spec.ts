/**
 * The sell page's social-proof counter: the number counts up to its figure, while screen
 * readers get the final sentence at once; with reduced motion it shows the figure at once.
 */
import { expect, test, type Page } from '@playwright/test';

const PRICING = '/payment/pricing';

/** Records every value the visible number takes, from the first one drawn. */
async function recordCountingSteps(page: Page) {
  await page.addInitScript(() => {
    const steps: string[] = [];
    (window as unknown as { countingSteps: string[] }).countingSteps = steps;
    new MutationObserver((records) => {
      for (const record of records) {
        const owner = record.target.parentElement;
        if (
          owner?.parentElement?.classList.contains('sb-social-proof__number') &&
          !owner.classList.contains('sb-social-proof__final')
        )
          steps.push(record.target.nodeValue ?? '');
      }
    }).observe(document, { subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { countingSteps: string[] }).countingSteps);
}

const visibleNumber = (page: Page) =>
  page.getByTestId('social-proof').locator('.sb-social-proof__number > span:not(.sb-social-proof__final)');
const asNumber = (text: string) => Number(text.replace(/\D/g, ''));

test('the number counts up to the figure screen readers are told at once', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  const steps = await recordCountingSteps(page);
  await page.goto(PRICING);
  const counter = page.getByTestId('social-proof');
  const figure = Number(await counter.getAttribute('data-count'));
  expect(figure).toBeGreaterThan(0);
  await expect(page.getByTestId('social-proof-text')).toContainText(String(figure));
  await expect(visibleNumber(page)).toHaveText(String(figure));

  const values = (await steps()).map(asNumber);
  expect(values[0], 'it starts from 0').toBe(0);
  expect(values.length, 'it counts in several steps').toBeGreaterThan(3);
  expect(
    values.every((value, i) => i === 0 || value >= values[i - 1]!),
    `it only counts up: ${values.join(', ')}`,
  ).toBe(true);
  expect(values.at(-1)).toBe(figure);

  // Leaving the page while the number may still count does not upset the page.
  await page.getByTestId('footer-cancel-contracts').click();
  await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/request');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the figure shows at once, without counting', async ({ page }) => {
    const steps = await recordCountingSteps(page);
    await page.goto(PRICING);
    const figure = Number(await page.getByTestId('social-proof').getAttribute('data-count'));
    await expect(visibleNumber(page)).toHaveText(String(figure));
    await page.waitForTimeout(1500);
    expect(await steps()).toEqual([]);
  });
});
