/**
 * Start-up access (spec §4): as every persona and as a guest, the sell page, my settings, the
 * logged-out cancellation form and an unknown path each land where the start-up rules say.
 * Guests may open the app's own guest pages plus those the seeded Shell configuration's
 * `unauthenticatedPages` names (it adds the plans page, SellPage).
 */
import { expect, test, type Page } from '@playwright/test';
import { PERSONA_IDS, signInAs, type PersonaId } from './support';
import { useOnePageForTheDescribe } from './support/one-page';

const PATHS = {
  sellPage: '/payment/pricing',
  plans: '/payment/plans',
  mySettings: '/payment/mysettings',
  cancellationForm: '/payment/cancellation/request',
  unknown: '/payment/no-such-page-here',
} as const;

type Landing = 'comingSoon' | 'sellPage' | 'mySettings' | 'cancellationForm' | 'notFound' | 'timeout';

/** Where each kind of visitor lands on each path, written from the rules rather than the code. */
function expected(persona: PersonaId | 'guest', path: keyof typeof PATHS): { path: string; shows: Landing } {
  if (persona === 'employer') return { path: '/payment/employer-survey', shows: 'comingSoon' };
  if (persona === 'guest') {
    if (path === 'cancellationForm') return { path: PATHS.cancellationForm, shows: 'cancellationForm' };
    if (path === 'sellPage' || path === 'plans') return { path: PATHS[path], shows: 'sellPage' };
    // An unknown path counts as the sell page, which configuration opens to guests.
    if (path === 'unknown') return { path: PATHS.unknown, shows: 'notFound' };
    // My settings is closed to guests.
    return { path: '/payment/timeout', shows: 'timeout' };
  }
  if (path === 'cancellationForm' || path === 'mySettings') return { path: PATHS.mySettings, shows: 'mySettings' };
  if (path === 'unknown') return { path: PATHS.unknown, shows: 'notFound' };
  return { path: PATHS[path], shows: 'sellPage' };
}

async function expectLanding(page: Page, landing: { path: string; shows: Landing }) {
  await expect(page).toHaveURL((url) => url.pathname === landing.path);
  // The full-page loader has gone once the page shows.
  await expect(page.locator('.full-page-loader')).toHaveCount(0);
  const main = page.locator('main');
  switch (landing.shows) {
    case 'comingSoon':
      await expect(main.getByTestId('coming-soon')).toBeVisible();
      break;
    case 'sellPage':
      await expect(main.getByTestId('page-sell')).toBeVisible();
      break;
    case 'mySettings':
      await expect(main.getByTestId('page-my-settings')).toBeVisible();
      break;
    case 'cancellationForm':
      // The heading also comes drawn by the server; the form is the app's own.
      await expect(main.locator('#cancellation-request-heading')).toBeVisible();
      await expect(main.getByRole('textbox').first()).toBeVisible();
      break;
    case 'notFound':
      await expect(main.getByTestId('page-not-found')).toBeVisible();
      break;
    case 'timeout':
      await expect(main.getByTestId('page-timeout')).toBeVisible();
      break;
  }
}

for (const persona of ['guest', ...PERSONA_IDS] as const) {
  test.describe(`start-up access as ${persona}`, () => {
    // Each path is opened afresh (a new start-up) in one page, signed in once.
    const page = useOnePageForTheDescribe(async (context) => {
      if (persona !== 'guest') await signInAs(context, persona);
    });
    for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      test(`${path} lands where the rules say`, async () => {
        await page().goto(PATHS[path]);
        await expectLanding(page(), expected(persona, path));
      });
    }
  });
}

test(
  'an unauthenticated mobile visitor from the interview blog goes to the resume page',
  { tag: '@mobile-only' },
  async ({ page }) => {
    await page.goto('/payment/pricing?from=interviewblog');
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  },
);

test('a path with /mobile/ counts as a mobile device even on a wide screen', async ({ page }) => {
  await page.goto('/payment/mobile/plans?from=interviewblog');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});

test('the same link followed inside the app obeys the rules: a signed-in user is sent from the form to my settings', async ({
  page,
}) => {
  await signInAs(page.context(), 'active-us');
  await page.goto(PATHS.sellPage);
  await expect(page.getByTestId('page-sell')).toBeVisible();
  await page.getByTestId('footer-cancel-contracts').click();
  await expect(page).toHaveURL((url) => url.pathname === PATHS.mySettings);
});

test('the page scrolls to the top on every route change', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 300 });
  await page.goto(PATHS.cancellationForm);
  // The app's own form is up: the start-up's first route change (and its scroll) is behind us.
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.getByTestId('footer-cancel-contracts').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('footer-cancel-contracts').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('query overrides are kept: countrycd in a cookie, ipcountrycd and ipstatecd in local storage; bad values are ignored', async ({
  page,
  context,
}) => {
  // The page arrives with its heading drawn by the server; the form is the app's, so the app has started.
  await page.goto('/payment/cancellation/request?countrycd=de&ipcountrycd=IN&ipstatecd=KA');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'countrycd')?.value).toBe('DE');
  expect(await page.evaluate(() => [localStorage.getItem('ipcountrycd'), localStorage.getItem('ipstatecd')])).toEqual([
    'IN',
    'KA',
  ]);

  await page.goto('/payment/cancellation/request?countrycd=GERMANY');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'countrycd')?.value).toBe('DE');
});

/** Moves inside the app, as a link would: the route guard decides, not a fresh start-up. */
async function moveInsideApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

const failShellConfig = (page: Page) =>
  page.route('**/api/config/features?moduleName=Shell', (route) =>
    route.fulfill({ status: 503, json: { message: 'down' } }),
  );

test('moving inside the app, a guest reaches the page configuration opens, and not my settings', async ({ page }) => {
  await page.goto(PATHS.cancellationForm);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await moveInsideApp(page, PATHS.plans);
  await expectLanding(page, { path: PATHS.plans, shows: 'sellPage' });
  await moveInsideApp(page, PATHS.mySettings);
  await expectLanding(page, { path: '/payment/timeout', shows: 'timeout' });
});

test('with configuration down, guests keep the cancellation form and lose only what configuration opened', async ({
  page,
}) => {
  await failShellConfig(page);
  await page.goto(PATHS.cancellationForm);
  await expectLanding(page, { path: PATHS.cancellationForm, shows: 'cancellationForm' });
  // The route guard uses the same fallback policy as start-up did.
  await moveInsideApp(page, PATHS.plans);
  await expectLanding(page, { path: '/payment/timeout', shows: 'timeout' });
});

test('with configuration down, a guest opening the configured page directly is sent to the timeout page', async ({
  page,
}) => {
  await failShellConfig(page);
  await page.goto(PATHS.plans);
  await expectLanding(page, { path: '/payment/timeout', shows: 'timeout' });
});

test('with configuration down, a signed-in user still gets in', async ({ page }) => {
  await signInAs(page.context(), 'active-us');
  await failShellConfig(page);
  await page.goto(PATHS.mySettings);
  await expectLanding(page, { path: PATHS.mySettings, shows: 'mySettings' });
});
