/**
 * The flow simulator says what a person will see; the browser then shows exactly that. For
 * `active-de` on a phone in variation 4 of the cancel flow: my settings with the cancellation
 * reminder, the pre-cancel page with the save offer and "keep" before "cancel", then the survey.
 */
import { expect, test } from '@playwright/test';
import type { SimulationResult } from '../src/api/schemas/flows-simulator';

const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const input = { persona: 'active-de', device: 'mobile', variations: { [CANCEL_FLOW]: 4 } };

test.use({ viewport: { width: 390, height: 844 } });

test('active-de on mobile in cancel-flow variation 4: the simulated pages and offers are what the browser shows', async ({
  page,
}) => {
  const simulated = await page.request.post('/api/flows/simulate', { data: input });
  expect(simulated.status()).toBe(200);
  const result = (await simulated.json()) as SimulationResult;
  const [settings, preCancel, after] = result.cancellation;
  expect(result.cancellation.map((p) => p.pageCode)).toEqual(['MYSET', 'PrecancelPage', 'CancellationSurvey']);
  expect(settings!.offers).toEqual(['cancellationReminder']);
  expect(preCancel!.offers).toEqual(['saveOffer:freeMonth']);
  expect(preCancel!.facts.buttonOrder).toBe('keep,cancel');
  expect(result.purchase.map((p) => p.pageCode)).toEqual(['MobileSellPage']);

  // "Open it": a fresh copy of the persona, signed in on this page's browser with the variation.
  const opened = await page.request.post('/api/flows/simulate/open', { data: { ...input, path: 'cancellation' } });
  expect(opened.status()).toBe(200);
  const { url } = (await opened.json()) as { url: string };
  expect(url).toBe(settings!.path);

  await page.goto(url);
  // The first page of a run may wait for a cold server.
  await expect(page.getByTestId('account-entries')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('cancellation-reminder')).toBeVisible();
  for (const block of settings!.blocks) await expect(page.getByTestId(block.replace('entry:', 'entry-'))).toBeVisible();

  await page.getByTestId('entry-cancel').click();
  await expect(page).toHaveURL(new RegExp(`${preCancel!.path}$`));
  await expect(page.getByTestId('save-offer')).toBeVisible();
  await page.getByTestId('dismiss-offer').click();
  await expect(
    page.getByTestId(preCancel!.blocks.includes('featureBasedPage') ? 'feature-based' : 'standard-page'),
  ).toBeVisible();
  const order = await page
    .getByTestId('pre-cancel-actions')
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));
  expect(order).toEqual(['pre-cancel-keep', 'pre-cancel-cancel']);

  await page.getByTestId('pre-cancel-cancel').click();
  await expect(page).toHaveURL(new RegExp(`${after!.path}$`));

  // The purchase path's one page: the phone's sell page tells a subscriber they have a plan.
  await page.goto(result.purchase[0]!.path);
  await expect(page.getByTestId('already-subscribed')).toBeVisible();
});

test('the explorer’s simulator panel lists, for the same person, the pages the API simulates', async ({ page }) => {
  const expected = (await (await page.request.post('/api/flows/simulate', { data: input })).json()) as SimulationResult;
  await page.goto('/flows');
  const panel = page.getByTestId('simulator-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  const choose = async (testId: string, option: string | RegExp) => {
    await panel.getByTestId(testId).getByRole('button').click();
    await page.getByRole('option', { name: option }).click();
  };
  await choose('simulator-persona', /^active-de /);
  await choose('simulator-device', 'Mobile');
  await choose(`simulator-experiment-${CANCEL_FLOW}`, 'Variation 4');
  await panel.getByTestId('simulator-run').click();
  const cancellation = panel.getByTestId('simulator-results').getByTestId('simulator-cancellation');
  await expect(cancellation.getByTestId('simulated-page')).toHaveCount(expected.cancellation.length, {
    timeout: 15_000,
  });
  const codes = await cancellation
    .getByTestId('simulated-page')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-page-code')));
  expect(codes).toEqual(expected.cancellation.map((p) => p.pageCode));
  // Each page is numbered once ("1. 1. MYSET" had a list marker and a number in the text): no marker, a counter before the caption's text.
  const numbering = await cancellation.locator('ol').evaluate((list) => ({
    marker: getComputedStyle(list).listStyleType,
    counters: [...list.querySelectorAll(':scope > li caption')].map((c) => getComputedStyle(c, '::before').content),
    captions: [...list.querySelectorAll(':scope > li caption')].map((c) => (c as HTMLElement).innerText.trim()),
  }));
  expect(numbering).toEqual({
    marker: 'none',
    counters: expected.cancellation.map(() => 'counter(simulated-page) ". "'),
    captions: expected.cancellation.map((p) => p.pageCode),
  });
  await expect(cancellation.getByTestId('simulated-offers').nth(1)).toHaveText(
    expected.cancellation[1]!.offers.join(', '),
  );
});
