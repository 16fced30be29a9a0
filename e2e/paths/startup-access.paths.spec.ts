/**
 * Start-up access driven through the paths generated from its machine (startup-access.plan.ts).
 * Start-up runs on its own once the page opens: every answer until the next thing the visitor
 * does (a retry) is arranged before it, from the path's events. The Shell configuration, the
 * claims, the account's preferences and the theme's stylesheet are the real server's answers,
 * or that answer changed, held or failed as the event says; a signed-in visitor is a demo
 * persona. Where a path stops, the page must show that state: the loader while loading, the
 * retry after a failure, the page asked for with its theme once ready, or where start-up sent
 * the visitor.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StartupOutput } from '../../machines/startup-access.machine';
import { TESTER_THEME_KEY } from '../../src/domain/themes';
import { signInAs } from '../support';
import { textsOf } from '../support/locales';
import { startupAccessPlan, visitOf, type StartupVisit } from './startup-access.plan';

const common = textsOf('en-US');
/** src/themes/wlb.css */
const WLB_BRAND = '#6a1b9a';
const SHELL_CONFIG = (url: URL) =>
  url.pathname === '/api/config/features' && url.searchParams.get('moduleName') === 'Shell';
const CLAIMS = (url: URL) => url.pathname === '/api/users/claims';
const PREFERENCES = (url: URL) => /^\/api\/users\/[^/]+\/preferences$/.test(url.pathname);
const THEME_STYLESHEET = (url: URL) => /\/assets\/(wlb|mpr)-[\w-]+\.css$/.test(url.pathname);
const DESTINATIONS: Record<StartupOutput['destination'], string> = {
  timeout: '/payment/timeout',
  employerSurvey: '/payment/employer-survey',
  mySettings: '/payment/mysettings',
  resumePage: '/dashboard',
};

type Answer = EventObject & { output?: unknown; error?: unknown };
const down = (route: Route) =>
  route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } });
const hold = () => {};
const isUserClaims = (output: unknown) => (output as { Role: string }).Role.trim().toLowerCase() === 'user';

/** Serves one kind of request as the event says: `answer` for a done event, a failure for an error, nothing while held. */
async function serve(page: Page, url: (u: URL) => boolean, handler: ((route: Route) => unknown) | null) {
  await page.unroute(url);
  if (handler) await page.route(url, handler);
}

/** Arranges the answers of one stretch of start-up: the events up to the visitor's next step, and a hold where the path stops. */
async function arrange(page: Page, events: Answer[], stopsHere: boolean, heldAt: AnyMachineSnapshot) {
  for (const event of events) {
    switch (event.type) {
      case 'xstate.done.actor.config': {
        const opened = (
          event.output as { unauthenticatedPages: { Rule: { Pages: string[] }; Config: { Show: boolean } } }
        ).unauthenticatedPages;
        await serve(page, SHELL_CONFIG, async (route) => {
          const answer = (await (await route.fetch()).json()) as {
            Features: { FeatureCD: string; Rule: { Pages: string[] }; Config: { Show: boolean } }[];
          };
          const feature = answer.Features.find((f) => f.FeatureCD === 'unauthenticatedPages');
          if (!feature) throw new Error('the seeded Shell configuration should have unauthenticatedPages');
          feature.Rule.Pages = opened.Rule.Pages;
          feature.Config.Show = opened.Config.Show;
          await route.fulfill({ json: answer });
        });
        break;
      }
      case 'xstate.error.actor.config':
        await serve(page, SHELL_CONFIG, down);
        break;
      case 'xstate.done.actor.claims': {
        const withoutEmail =
          isUserClaims(event.output) && (event.output as { EmailAddress: string }).EmailAddress === '';
        await serve(
          page,
          CLAIMS,
          withoutEmail
            ? async (route) => route.fulfill({ json: { ...(await (await route.fetch()).json()), EmailAddress: '' } })
            : null,
        );
        break;
      }
      case 'xstate.error.actor.claims':
        // A failure the server may answer on a retry (503), or a final one (the session is refused).
        await serve(
          page,
          CLAIMS,
          (event.error as { retryable?: boolean }).retryable
            ? down
            : (route) => route.fulfill({ status: 401, json: { error: { code: 'UNAUTHENTICATED', message: 'no' } } }),
        );
        break;
      case 'xstate.done.actor.userData':
        await serve(page, PREFERENCES, null);
        break;
      case 'xstate.error.actor.userData':
        await serve(page, PREFERENCES, down);
        break;
      case 'xstate.done.actor.theme':
      case 'xstate.done.actor.guestTheme':
        // The tester's pick is the theme the event names; its stylesheet loads.
        await page.evaluate(
          ([key, theme]) => localStorage.setItem(key!, theme!),
          [TESTER_THEME_KEY, String(event.output)],
        );
        await serve(page, THEME_STYLESHEET, null);
        break;
      case 'xstate.error.actor.theme':
      case 'xstate.error.actor.guestTheme':
        await page.evaluate((key) => localStorage.setItem(key, 'wlb'), TESTER_THEME_KEY);
        await serve(page, THEME_STYLESHEET, (route) => route.abort('failed'));
        break;
      default:
        throw new Error(`the driver cannot make ${event.type} happen`);
    }
  }
  if (!stopsHere) return;
  // The path stops while start-up waits for an answer: it does not come while the page is looked at.
  if (heldAt.matches('loadingConfig')) await serve(page, SHELL_CONFIG, hold);
  else if (heldAt.matches('checkingClaims')) await serve(page, CLAIMS, hold);
  else if (heldAt.matches({ signedIn: 'loadingUserData' })) await serve(page, PREFERENCES, hold);
  else if (heldAt.hasTag('loading')) {
    await page.evaluate((key) => localStorage.setItem(key, 'wlb'), TESTER_THEME_KEY);
    await serve(page, THEME_STYLESHEET, hold);
  }
}

function expectedPage(page: Page, address: string) {
  const path = new URL(address, 'http://app.test').pathname;
  if (path.endsWith('/mysettings')) return page.getByTestId('page-my-settings');
  if (path.endsWith('/cancellation/request')) return page.locator('#cancellation-request-heading');
  return page.getByTestId('page-sell');
}

async function expectState(page: Page, s: AnyMachineSnapshot, visit: StartupVisit) {
  const loader = page.locator('.full-page-loader');
  const retry = page.getByRole('alert').filter({ hasText: common.errors.network });
  if (s.status === 'done') {
    const destination = DESTINATIONS[(s.output as StartupOutput).destination];
    await expect(page).toHaveURL((url) => url.pathname === destination);
    if (destination === DESTINATIONS.timeout) await expect(page.getByTestId('page-timeout')).toBeVisible();
    if (destination === DESTINATIONS.mySettings) await expect(page.getByTestId('page-my-settings')).toBeVisible();
    if (destination === DESTINATIONS.employerSurvey) await expect(page.getByTestId('coming-soon')).toBeVisible();
    return;
  }
  if (s.hasTag('loading')) {
    await expect(loader).toBeVisible();
    await expect(retry).toHaveCount(0);
    return;
  }
  await expect(loader).toHaveCount(0);
  if (s.hasTag('awaitingRetry')) {
    await expect(retry).toBeVisible();
    await expect(retry.getByRole('button', { name: common.app.retry })).toBeEnabled();
    return;
  }
  // Ready: the page asked for, in the theme decided.
  await expect(retry).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname + url.search === visit.address);
  await expect(expectedPage(page, visit.address)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', String(s.context.theme));
  // The theme's own stylesheet is in the page exactly when its theme is shown.
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
  );
  if (s.context.theme === 'wlb') expect(brand).toBe(WLB_BRAND);
  else expect(brand).not.toBe(WLB_BRAND);
}

test.describe('start-up access, along the paths of its machine', () => {
  for (const path of startupAccessPlan.paths) {
    test(path.name, async ({ page, context }) => {
      const visit = visitOf(path.input as never);
      const events = path.events as Answer[];
      const claimsAnswers = events.filter((e) => e.type === 'xstate.done.actor.claims');
      if (claimsAnswers.some((e) => isUserClaims(e.output))) await signInAs(context, 'new-us');
      if (visit.employer) {
        const value = encodeURIComponent(JSON.stringify({ SubRole: 'Employer', AccDisplayName: null }));
        await context.addCookies([{ name: 'UserStatus', value, url: test.info().project.use.baseURL! }]);
      }
      // Answers are arranged in the app's origin (its local storage among them) before start-up runs: a page of it that is not the app.
      await page.goto('/api/health');

      // Stretches of start-up, each ending where the visitor acts (a retry) or where the path stops.
      const stops = [...events.keys()].filter((i) => events[i]!.type === 'startup.retry');
      let from = 0;
      for (const [n, stop] of [...stops, events.length].entries()) {
        const stretch = events.slice(from, stop);
        const lastIndex = stop === events.length ? events.length : stop;
        await test.step(`${n === 0 ? 'open' : 'startup.retry'} → ${JSON.stringify(path.expected[lastIndex]!.value)}`, async () => {
          await arrange(page, stretch, stop === events.length, path.expected[lastIndex]!);
          if (n === 0) await page.goto(visit.address);
          else await page.getByRole('alert').getByRole('button', { name: common.app.retry }).click();
          await expectState(page, path.expected[lastIndex]!, visit);
        });
        from = stop + 1;
      }
    });
  }
});
