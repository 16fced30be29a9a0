/**
 * The tester panel (spec §2 "Loaders and start-up": the tester theme picker; issue 4 item 5):
 * shown in demo mode, draggable with its position kept, and switching theme, persona,
 * country override and experiment variations without touching cookies by hand. Collapsed it
 * is a small toggle that leaves the funnel's steps and heading uncovered, on desktop and phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { parseExperimentCookie } from '../src/domain/experiments';
import { axeViolations } from './support/axe';
import { api, signInAsFresh } from './support';

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

/** The button that opens the panel (and, open, closes it): named for what it does. */
const toggleOf = (page: Page) => page.getByTestId('tester-panel-toggle');
/** The open panel: a region of the floating panel on a desktop, the bottom sheet's dialog on a phone. */
const openPanelOf = (page: Page) =>
  page.getByRole('region', { name: 'Tester panel' }).or(page.getByRole('dialog', { name: 'Tester panel' }));

/** Opens the panel on the page already loaded. */
async function expand(page: Page) {
  const toggle = toggleOf(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(openPanelOf(page)).toBeVisible();
  return openPanelOf(page);
}

async function openPanel(page: Page) {
  await page.goto(PAGE);
  return expand(page);
}

test('in demo mode the panel shows at top 80 px, right 20 px; dragging moves it and the place survives a reload', async ({
  page,
}) => {
  await page.goto(PAGE);
  const panel = page.getByTestId('tester-panel');
  await expect(panel).toBeVisible();
  expect(await placement(page)).toEqual({ top: 80, right: 20 });
  await expand(page);

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
});

test('the arrow keys move the panel from its focused handle, and the place survives a reload, collapsed', async ({
  page,
}) => {
  await page.goto(PAGE);
  const panel = page.getByTestId('tester-panel');
  await expand(page);
  expect(await placement(page)).toEqual({ top: 80, right: 20 });
  const handle = panel.getByRole('button', { name: 'Move the tester panel' });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  expect(await placement(page)).toEqual({ top: 90, right: 10 });
  await page.reload();
  await expect(toggleOf(page)).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => placement(page)).toEqual({ top: 90, right: 10 });
});

test('the expanded panel has no accessibility violations', { tag: '@mobile' }, async ({ page }) => {
  await openPanel(page);
  await expect(page.getByText('Variation of Sell page layout')).toBeVisible();
  expect((await axeViolations(page, { within: '[data-testid="tester-panel"]' })).map((v) => v.summary)).toEqual([]);
});

test('a list that failed to load says so and loads on "Try again"', async ({ page }) => {
  // The first answer of each list fails; the ones after it are the server's own.
  const failOnce = new Set(['personas', 'experiments']);
  await page.route(
    (url) => url.pathname === '/api/demo/personas' || url.pathname === '/api/config/experiments',
    async (route) => {
      const list = route.request().url().includes('personas') ? 'personas' : 'experiments';
      if (failOnce.delete(list))
        await route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } });
      else await route.continue();
    },
  );
  const region = await openPanel(page);
  const personaError = region.getByRole('alert').filter({ hasText: 'The personas could not be loaded.' });
  const experimentsError = region.getByRole('alert').filter({ hasText: 'The experiments could not be loaded.' });
  await expect(personaError).toBeVisible();
  await expect(experimentsError).toBeVisible();
  await expect(region.getByRole('button', { name: /Persona/ })).toBeDisabled();

  const retries = region.getByRole('button', { name: 'Try again' });
  await expect(retries).toHaveCount(2);
  await retries.first().click();
  await expect(personaError).toHaveCount(0);
  await expect(region.getByRole('button', { name: /Persona/ })).toBeEnabled();
  await expect(experimentsError, 'each list is retried on its own').toBeVisible();
  await region.getByRole('button', { name: 'Try again' }).click();
  await expect(experimentsError).toHaveCount(0);
  await expect(region.getByText('Variation of Sell page layout')).toBeVisible();
});

test('choosing the wlb theme sets data-theme="wlb" at once, and the choice is kept over the portal theme', async ({
  page,
}) => {
  const region = await openPanel(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
  await region.getByText('WLB (white label)').click();
  await expect(region.getByRole('radio', { name: 'WLB (white label)' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wlb');
  await page.reload();
  await expect(page.getByTestId('page-coming-soon').or(page.locator('main h1')).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wlb');

  await expand(page);
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
  await expect(openPanelOf(page).getByText(`Signed in as ${claims.EmailAddress}`)).toBeVisible();

  await openPanelOf(page)
    .getByRole('button', { name: /Persona/ })
    .click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Guest (signed out)' }).click()]);
  await expect.poll(async () => (await api(page).claims()).Role).toBe('guest');
});

test('the country override sets the countrycd cookie, rejects "GERMANY" with an error, and clears', async ({
  page,
}) => {
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
  await region.getByRole('button', { name: /Variation of Sell page layout/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Variation 4' }).click()]);
  const entries = parseExperimentCookie(await cookie(page, 'ew_exp'));
  expect(entries).toContainEqual({ ExperimentGUID: SELL_PAGE_LAYOUT, VariationIndex: 4, PortalCD: 'RNUS' });
  await expect(openPanelOf(page).getByRole('button', { name: /Variation of Sell page layout/ })).toContainText(
    'Variation 4',
  );
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectToggleClearOfStepsAndHeading(page: Page) {
  const toggle = toggleOf(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panel = (await page.getByTestId('tester-panel').boundingBox())!;
  const steps = (await page.getByTestId('funnel-breadcrumb').boundingBox())!;
  const heading = (await page.locator('main h1').boundingBox())!;
  expect(panel.width, 'collapsed, the panel is a small toggle').toBeLessThanOrEqual(44);
  expect(overlaps(panel, steps), `the toggle ${JSON.stringify(panel)} covers the steps ${JSON.stringify(steps)}`).toBe(
    false,
  );
  expect(
    overlaps(panel, heading),
    `the toggle ${JSON.stringify(panel)} covers the heading ${JSON.stringify(heading)}`,
  ).toBe(false);
}

test.describe('the collapsed panel leaves the funnel readable', () => {
  test(
    'on the sell page and at checkout it covers neither the steps nor the heading',
    { tag: '@mobile' },
    async ({ page }) => {
      // A fresh persona: opening checkout is safe to repeat in both projects.
      await signInAsFresh(page, 'new-us', PAGE);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
      await expect(toggleOf(page)).toBeVisible();
      await expectToggleClearOfStepsAndHeading(page);

      await page.locator('[data-testid^="plan-option-"]').first().click();
      await page.getByTestId('continue-to-checkout').click();
      await expect(page).toHaveURL(/\/checkout\?skuid=\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
      await expect(toggleOf(page)).toBeVisible();
      await expectToggleClearOfStepsAndHeading(page);
    },
  );

  test(
    'it opens on click and from the keyboard, and Escape closes it with focus back on the toggle',
    { tag: '@mobile' },
    async ({ page }) => {
      await page.goto(PAGE);
      const toggle = toggleOf(page);
      const region = openPanelOf(page);
      const phone = (page.viewportSize()?.width ?? 1000) <= 600;
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveAccessibleName('Open the tester panel');
      await expect(region).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveAccessibleName('Close the tester panel');
      await expect(region).toBeVisible();
      await region.getByRole('textbox', { name: 'Test country' }).focus();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(region).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // The floating panel's toggle says how to close it; the phone's sheet, a dialog, says it itself.
      if (phone) await expect(region).toHaveAccessibleDescription(/^Press Escape to close the panel\./);
      else await expect(toggle).toHaveAccessibleDescription('Press Escape to close the panel.');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Space');
      await expect(region).toBeVisible();
      // The sheet takes the focus as it opens; its close button closes it from the keyboard.
      if (phone) await toggle.focus();
      await page.keyboard.press('Space');
      await expect(region).toBeHidden();
    },
  );

  test('Escape in an open list closes only the list', async ({ page }) => {
    const region = await openPanel(page);
    const select = region.getByRole('button', { name: /Variation of Sell page layout/ });
    await select.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(region).toBeVisible();
    await expect(toggleOf(page)).toHaveAttribute('aria-expanded', 'true');
  });
});

test('each experiment is named from configuration and offers only the variations it has', async ({ page }) => {
  const region = await openPanel(page);
  const experiments = region.getByRole('group', { name: /^Experiments/ });
  await expect(experiments.getByText('Variation of Sell page layout')).toBeVisible();
  const labels = await experiments.locator('.tester-panel__label--small').allTextContents();
  // Each experiment once, by its configured name (not "checkoutMigration (1 of 4)", a config key).
  expect(labels).toContain('Variation of Cancel flow');
  expect(labels).toContain('Variation of Checkout migration A');
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels.filter((l) => /\(\d+ of \d+\)/.test(l))).toEqual([]);

  await region.getByRole('button', { name: /Variation of Cancel flow/ }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Not assigned',
    'Variation 1 (control)',
    'Variation 2 (control)',
    'Variation 3',
    'Variation 4',
  ]);
  await page.keyboard.press('Escape');
  await region.getByRole('button', { name: /Variation of Scarcity countdown/ }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Not assigned',
    'Variation 1 (control)',
    'Variation 2 (control)',
    'Variation 3',
  ]);
});

/** The names of the panel's buttons and of its landmark, region or dialog, as a screen reader lists them. */
async function accessibleNames(page: Page) {
  const tree = await page.getByTestId('tester-panel').ariaSnapshot();
  return [...tree.matchAll(/- (button|region|dialog|complementary) "([^"]+)"/g)].map(
    ([, role, name]) => `${role}: ${name}`,
  );
}

test(
  'no two of the panel’s buttons, nor a button and the panel itself, share a name, closed or open',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.goto(PAGE);
    await expect(toggleOf(page)).toBeVisible();
    for (const open of [false, true]) {
      if (open) await expand(page);
      const named = await accessibleNames(page);
      const names = named.map((n) => n.replace(/^\w+: /, ''));
      expect(new Set(names).size, named.join('\n')).toBe(names.length);
    }
  },
);

test.describe('on a phone, a bottom sheet', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('collapsed to a handle, opens under half the screen with the page above still usable, grows, and closes', async ({
    page,
  }) => {
    await page.goto(PAGE);
    const handle = toggleOf(page);
    await expect(handle).toBeVisible();
    const area = async (box: { width: number; height: number } | null) => (box!.width * box!.height) / (390 * 844);
    expect(await area(await page.getByTestId('tester-panel').boundingBox()), 'collapsed, a handle').toBeLessThan(0.01);

    await handle.click();
    const sheet = page.getByRole('dialog', { name: 'Tester panel' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Variation of Sell page layout')).toBeAttached();
    expect(
      await area(await page.getByTestId('tester-panel').boundingBox()),
      'open, under half the screen',
    ).toBeLessThan(0.5);
    // The page above the sheet still takes a tap: the sheet is not modal.
    const heading = page.getByRole('heading', { level: 1, name: 'Choose your plan' });
    await expect(heading).toBeInViewport();
    expect(
      await page.evaluate(() => document.elementFromPoint(195, 150)?.closest('[data-testid="tester-panel"]') ?? null),
    ).toBeNull();
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(sheet).toBeVisible();

    const grow = sheet.getByRole('button', { name: 'Expand the tester panel' });
    await expect(grow).toHaveAttribute('aria-expanded', 'false');
    await grow.click();
    await expect(sheet.getByRole('button', { name: 'Shrink the tester panel' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect.poll(async () => area(await sheet.boundingBox())).toBeGreaterThan(0.8);
    await sheet.getByRole('button', { name: 'Shrink the tester panel' }).click();
    await expect.poll(async () => area(await sheet.boundingBox())).toBeLessThan(0.5);

    await sheet.getByRole('button', { name: 'Close the tester panel' }).click();
    await expect(sheet).toBeHidden();
    await expect(handle).toBeFocused();
    expect((await axeViolations(page, { within: '[data-testid="tester-panel"]' })).map((v) => v.summary)).toEqual([]);
  });
});

test.describe('outside demo mode', () => {
  // What a production server answers: demo sign-in off.
  test.beforeEach(async ({ page }) => {
    await page.route('**/config/client', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), demoLogin: false } });
    });
  });

  async function loadAndWaitForTheDecision(page: Page, path: string) {
    const config = page.waitForResponse('**/config/client');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await config;
  }

  test('a shopper sees no tester panel', { tag: '@mobile' }, async ({ page }) => {
    await loadAndWaitForTheDecision(page, PAGE);
    // The decision follows the answer at once; give the page a moment to act on it before looking.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('tester-panel')).toHaveCount(0);
  });

  test('force_show_tp_widget=true shows it to a tester', { tag: '@mobile' }, async ({ page }) => {
    await loadAndWaitForTheDecision(page, `${PAGE}?force_show_tp_widget=true`);
    await expect(toggleOf(page)).toBeVisible();
    await expect(toggleOf(page)).toHaveAttribute('aria-expanded', 'false');
  });
});
