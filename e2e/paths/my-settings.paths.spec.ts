/**
 * My settings driven through the paths generated from its machine (my-settings.plan.ts): the
 * account loads (an active plan, none, or a suspended one) or fails and is retried. At every
 * state the page shows what the state means: the address and heading, the loading notice, the
 * plan or its absence, the ways on the account allows (cancel only for an active plan), the
 * billing problem with its way to fix the card, and the failure with its retry.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { signInAsFresh } from '../support';
import { mySettingsPlan } from './my-settings.plan';

const PAGE = '/payment/mysettings';
const PLAN_API = '**/api/subscriptions?*';
const TEXTS = {
  heading: 'My settings',
  loading: 'Loading…',
  failure: 'We could not reach our servers',
  retry: 'Try again',
  cancel: 'Cancel my subscription',
  changeCard: 'Change payment method',
  history: 'Billing history',
};

type LoadOutcome = 'plan' | 'noPlan' | 'suspended' | 'failure';
const outcomeOf = (event: EventObject & { output?: { plan: { StatusCD: string } | null } }): LoadOutcome =>
  event.type.startsWith('xstate.error.')
    ? 'failure'
    : !event.output?.plan
      ? 'noPlan'
      : event.output.plan.StatusCD === 'SUSP'
        ? 'suspended'
        : 'plan';

/** Each answer to the page's plan request, in order: the path's load outcomes; a path ending while loading gets no answer. */
async function answerPlanRequests(page: Page, outcomes: LoadOutcome[], endsLoading: boolean) {
  let asked = 0;
  await page.route(PLAN_API, async (route) => {
    const outcome = outcomes[asked++];
    if (outcome === undefined) {
      if (endsLoading) return; // held: the page stays loading while it is looked at
      return route.continue();
    }
    if (outcome === 'failure')
      return route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } });
    return route.continue();
  });
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  // The first page of a run may wait for a cold server.
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible({ timeout: 10_000 });
  if (s.matches('loading')) {
    // Loading passes as soon as the answer is in; it is looked at only where the path holds it.
    if (held) await expect(page.getByTestId('page-my-settings')).toHaveAttribute('aria-busy', 'true');
    return;
  }
  await expect(page.getByTestId('page-my-settings')).toHaveAttribute('aria-busy', 'false');
  const failed = s.matches('failed');
  await expect(page.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) {
    await expect(page.getByRole('alert')).toContainText(TEXTS.failure);
    await expect(page.getByRole('button', { name: TEXTS.retry })).toBeEnabled();
    return;
  }
  const plan = s.context.plan as { StatusCD: string } | null;
  await expect(page.getByTestId('current-plan')).toHaveCount(plan ? 1 : 0);
  await expect(page.getByTestId('no-plan')).toHaveCount(plan ? 0 : 1);
  await expect(page.getByRole('link', { name: TEXTS.cancel })).toHaveCount(plan?.StatusCD === 'ACTV' ? 1 : 0);
  await expect(page.getByRole('link', { name: TEXTS.history })).toBeVisible();
  const entries = s.context.entries as string[];
  await expect(page.getByTestId('account-entries').getByRole('link')).toHaveCount(entries.length);
  await expect(page.getByTestId('entry-changePaymentMethod')).toHaveCount(
    entries.includes('changePaymentMethod') ? 1 : 0,
  );
  await expect(page.getByTestId('payment-method')).toBeVisible();
  const problem = s.matches('billingProblem');
  await expect(page.getByTestId('billing-problem')).toHaveCount(problem ? 1 : 0);
  if (problem) await expect(page.getByTestId('fix-card')).toHaveAttribute('href', '/payment/change-payment-method');
}

test.describe('my settings, along the paths of its machine', () => {
  for (const path of mySettingsPlan.paths) {
    test(path.name, async ({ page }) => {
      const loads = path.events.filter((e) => e.type.includes('.actor.loadAccount')).map(outcomeOf);
      // A fresh copy of a person with an active plan, with none, or with a suspended one, as the path's answer says.
      await signInAsFresh(
        page.context(),
        loads.includes('noPlan') ? 'new-us' : loads.includes('suspended') ? 'suspended-us' : 'active-us',
      );
      const endsLoading = path.expected.at(-1)!.matches('loading');
      await answerPlanRequests(page, loads, endsLoading);
      await page.goto(PAGE);
      await expectState(page, path.expected[0]!, path.events.length === 0);
      for (const [i, event] of path.events.entries()) {
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          if (event.type === 'plan.retry') await page.getByRole('button', { name: TEXTS.retry }).click();
          await expectState(page, path.expected[i + 1]!, i + 1 === path.events.length);
        });
      }
    });
  }
});
