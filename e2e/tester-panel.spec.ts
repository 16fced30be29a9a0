/**
 * The tester panel (spec §2 "Loaders and start-up": the tester theme picker; issue 4 item 5):
 * shown in demo mode, draggable with its position kept, and switching theme, persona,
 * country override and experiment variations without touching cookies by hand.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parseExperimentCookie } from '../src/domain/experiments';
import { api } from './support';

const PAGE = '/payment/pricing';
const SELL_PAGE_LAYOUT = 'e1000000-0000-4000-8000-000000000001';

async function cookie(page: Page, name: string): Promise<string | null> {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : null;
}

/** The panel's distance from the top and the right edge of the viewport, measured. */
async function placement(page: Page) {
  return page.getByTestId('tester-panel').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: Math.round(box.top), right: Math.round(document.documentElement.clientWidth - box.right) };
  });
}

async function openPanel(page: Page) {
  await page.goto(PAGE);
  const toggle = page.getByTestId('tester-panel').getByRole('button', { name: 'Tester panel', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Tester panel' })).toBeVisible();
  return page.getByRole('region', { name: 'Tester panel' });
}

test('in demo mode the panel shows at top 80 px, right 20 px; dragging moves it and the place survives a reload', async ({ page }) => {
  await page.goto(PAGE);
  const panel = page.getByTestId('tester-panel');
  await expect(panel).toBeVisible();
  expect(await placement(page)).toEqual({ top: 80, right: 20 });

  const handle = panel.getByRole('button', { name: 'Move the tester panel' });
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 60, y + 30, { steps: 4 });
  await page.mouse.move(x - 120, y + 70, { steps: 4 });
  await page.mouse.up();
  expect(await placement(page)).toEqual({ top: 150, right: 140 });

  await page.reload();
  await expect(panel).toBeVisible();
  await expect.poll(() => placement(page)).toEqual({ top: 150, right: 140 });

  // The keyboard moves it too, from the focused handle.
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  expect(await placement(page)).toEqual({ top: 160, right: 130 });
  await page.reload();
  await expect.poll(() => placement(page)).toEqual({ top: 160, right: 130 });
});

test('the expanded panel has no accessibility violations', async ({ page }) => {
  await openPanel(page);
  await expect(page.getByText('Variation of sellPageLayout')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="tester-panel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations).toEqual([]);
});

test('choosing the wlb theme sets data-theme="wlb" at once, and the choice is kept over the portal theme', async ({ page }) => {
  const region = await openPanel(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
  await region.getByText('WLB (white label)').click();
  await expect(region.getByRole('radio', { name: 'WLB (white label)' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wlb');
  await page.reload();
  await expect(page.getByTestId('page-coming-soon').or(page.locator('main h1')).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wlb');

  await page.getByRole('button', { name: "Use the portal's theme" }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
});

test('switching persona to active-us signs in and reloads the page; guest signs out', async ({ page }) => {
  const region = await openPanel(page);
  expect((await api(page).claims()).Role).toBe('guest');
  await region.getByRole('button', { name: /Persona/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'active-us' }).click()]);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  const claims = await api(page).claims();
  expect(claims.Role).toBe('user');
  await expect(page.getByRole('region', { name: 'Tester panel' }).getByText(`Signed in as ${claims.EmailAddress}`)).toBeVisible();

  await page.getByRole('region', { name: 'Tester panel' }).getByRole('button', { name: /Persona/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Guest (signed out)' }).click()]);
  await expect.poll(async () => (await api(page).claims()).Role).toBe('guest');
});

test('the country override sets the countrycd cookie, rejects "GERMANY" with an error, and clears', async ({ page }) => {
  const region = await openPanel(page);
  const field = region.getByRole('textbox', { name: 'Test country' });
  await field.fill('GERMANY');
  await region.getByRole('button', { name: 'Apply' }).click();
  await expect(region.getByText('Enter a 2-letter country code, like US or DE.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await cookie(page, 'countrycd')).toBeNull();

  await field.fill('de');
  await field.press('Enter');
  await expect(region.getByRole('status')).toHaveText('Country override: DE');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  expect(await cookie(page, 'countrycd')).toBe('DE');

  await region.getByRole('button', { name: 'Clear' }).click();
  await expect(region.getByRole('status')).toHaveText('No country override');
  expect(await cookie(page, 'countrycd')).toBeNull();
});

test('choosing a variation writes ew_exp for the portal and reloads', async ({ page }) => {
  const region = await openPanel(page);
  await region.getByRole('button', { name: /Variation of sellPageLayout/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Variation 4' }).click()]);
  const entries = parseExperimentCookie(await cookie(page, 'ew_exp'));
  expect(entries).toContainEqual({ ExperimentGUID: SELL_PAGE_LAYOUT, VariationIndex: 4, PortalCD: 'RNUS' });
  await expect(page.getByRole('region', { name: 'Tester panel' }).getByRole('button', { name: /Variation of sellPageLayout/ })).toContainText('Variation 4');
});
