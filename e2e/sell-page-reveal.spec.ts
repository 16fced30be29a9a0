/**
 * Below the plans, the sell page's parts arrive one at a time, in page order: each is added by a
 * task of its own, so no single drawing of all of them holds a slow phone for long, and no part
 * is pushed down by one above it arriving later.
 */
import { expect, test } from '@playwright/test';
import { expectAllRevealed } from './support';

const BELOW_THE_PLANS = [
  'feature-list',
  'money-back',
  'efficacy',
  'hired-by',
  'testimonial-carousel',
  'app-blade',
  'disclaimers',
  'service-section',
];

test('the parts below the plans are added one per task, top to bottom', async ({ page }) => {
  await page.addInitScript((watched) => {
    const batches: string[][] = [];
    (window as unknown as { addedBelowPlans: string[][] }).addedBelowPlans = batches;
    // A MutationObserver reports once per task that changed the page: one report, one batch.
    new MutationObserver((records) => {
      const batch: string[] = [];
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const element of [node, ...node.querySelectorAll('[data-testid]')]) {
            const id = element.getAttribute('data-testid');
            if (id && watched.includes(id)) batch.push(id);
          }
        }
      }
      if (batch.length > 0) batches.push(batch);
    }).observe(document, { childList: true, subtree: true });
  }, BELOW_THE_PLANS);

  await page.goto('/payment/pricing');
  await expect(page.getByTestId('money-back')).toBeVisible();
  await expectAllRevealed(page);

  const onPage = await page.evaluate(
    (watched) =>
      [...document.querySelectorAll('[data-testid]')]
        .map((element) => element.getAttribute('data-testid')!)
        .filter((id) => watched.includes(id)),
    BELOW_THE_PLANS,
  );
  expect(onPage.length).toBeGreaterThanOrEqual(4);
  const batches = await page.evaluate(() => (window as unknown as { addedBelowPlans: string[][] }).addedBelowPlans);
  expect(batches).toEqual(onPage.map((id) => [id]));
});
