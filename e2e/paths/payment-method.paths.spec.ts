/**
 * Change payment method driven through the paths generated from its machine
 * (payment-method.plan.ts): the account loads (an active plan, a suspended one, none) or fails
 * and is retried; the billing name is cleared and filled in; a card is entered in the sandbox
 * frame and saved, declined, refused by the server for a while, or (for a suspended plan) saved
 * with its missed renewal paid or declined again. At every state the page shows what it means.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { futureExpiry, signInAsFresh, TEST_CARDS, type PersonaId } from '../support';
import { paymentMethodPlan } from './payment-method.plan';

const PAGE = '/payment/change-payment-method';
const TEXTS = {
  heading: 'Change payment method',
  loading: 'Loading…',
  failure: 'We could not reach our servers',
  retry: 'Try again',
  declined: 'That card was declined',
  saveFailed: 'We could not save your card just now',
  saved: 'Your new card is saved. Nothing was charged.',
  recovered: 'Your subscription is active again',
  subscriptionError: 'Your renewal payment failed again',
  nothing: 'there is nothing to change here',
  billingMissing: 'Enter your first and last name',
};

type Answer = { kind: 'pass' } | { kind: 'fail' } | { kind: 'fulfil'; body: unknown };
const answerOf = (event: EventObject & { output?: unknown }, lastPlan: string | null): Answer => {
  if (event.type.startsWith('xstate.error.')) return { kind: 'fail' };
  const output = event.output as { Renewal: { Status: string } | null };
  // Only a retried renewal declined again cannot happen with a sandbox card: the test answers it.
  if (lastPlan === 'SUSP' && output.Renewal?.Status === 'FAIL') return { kind: 'fulfil', body: output };
  return { kind: 'pass' };
};

/** Each request gets the path's next answer; past the end, a held request never answers (the page stays where the path ends). */
async function answerInOrder(page: Page, url: string, method: string, answers: Answer[], holdAfter: boolean) {
  let asked = 0;
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.continue();
    const answer = answers[asked++];
    if (!answer) return holdAfter ? undefined : route.continue();
    if (answer.kind === 'fail')
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    if (answer.kind === 'fulfil') return route.fulfill({ status: 200, json: answer.body });
    return route.continue();
  });
}

async function enterCard(page: Page, outcome: string) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.locator('#card-number').fill(outcome === 'declined' ? TEST_CARDS.declined : TEST_CARDS.success);
  await frame.locator('#card-expiry').fill(futureExpiry());
  await frame.locator('#card-cvc').fill('123');
  await frame.getByRole('button', { name: 'Save card' }).click();
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  // The first page of a run may wait for a cold server.
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible({ timeout: 10_000 });
  const section = page.getByTestId('page-change-payment-method');
  if (s.matches('loading')) {
    if (held) await expect(section).toHaveAttribute('aria-busy', 'true');
    return;
  }
  if (s.matches('saving')) {
    if (held) {
      await expect(section).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByTestId('save-status')).toHaveText('Saving your card…');
    }
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false');
  const alerts = page.getByRole('alert');
  if (s.matches('loadFailed')) {
    await expect(alerts).toContainText(TEXTS.failure);
    await expect(page.getByRole('button', { name: TEXTS.retry })).toBeEnabled();
    return;
  }
  if (s.matches('unavailable')) {
    await expect(page.getByTestId('nothing-to-change')).toContainText(TEXTS.nothing);
    await expect(page.getByTestId('card-frame')).toHaveCount(0);
    return;
  }
  const method = s.context.paymentMethod as { LastFourDigits: string | null } | null;
  const result = s.context.result as { PaymentMethod: { LastFourDigits: string } } | null;
  // The card on file: the new one once saved, otherwise the person's own (whatever its digits).
  if (s.matches('saved') || s.matches('renewalFailed'))
    await expect(page.getByTestId('payment-method')).toContainText(`ending in ${result!.PaymentMethod.LastFourDigits}`);
  else if (method) await expect(page.getByTestId('payment-method')).toContainText('ending in');
  if (s.matches('saved')) {
    const recovered = (s.context.result as { Renewal: unknown }).Renewal !== null;
    await expect(page.getByTestId('save-status')).toContainText(recovered ? TEXTS.recovered : TEXTS.saved);
    await expect(page.getByTestId('card-frame')).toHaveCount(0);
    return;
  }
  if (s.matches('renewalFailed')) {
    await expect(page.getByTestId('subscription-error')).toContainText(TEXTS.subscriptionError);
    return;
  }
  await expect(page.getByTestId('card-frame')).toBeVisible();
  await expect(page.getByTestId('save-failed')).toHaveCount(s.matches('saveFailed') ? 1 : 0);
  if (s.matches('saveFailed')) await expect(page.getByTestId('save-failed')).toContainText(TEXTS.saveFailed);
  await expect(page.getByTestId('card-declined')).toHaveCount(s.context.declined ? 1 : 0);
  if (s.context.billingMissing) await expect(page.getByText(TEXTS.billingMissing)).toBeVisible();
  const suspended = (s.context.plan as { StatusCD: string }).StatusCD === 'SUSP';
  await expect(page.getByTestId('retry-note')).toHaveCount(suspended ? 1 : 0);
}

test.describe('change payment method, along the paths of its machine', () => {
  for (const path of paymentMethodPlan.paths) {
    test(path.name, async ({ page }) => {
      const loads = path.events.filter((e) => e.type.includes('.actor.loadAccount')) as (EventObject & {
        output?: { plan: { StatusCD: string } | null };
      })[];
      const done = loads.find((e) => e.type.startsWith('xstate.done.'));
      const status = done ? (done.output!.plan?.StatusCD ?? null) : 'ACTV';
      const persona: PersonaId = status === null ? 'new-us' : status === 'SUSP' ? 'suspended-us' : 'active-us';
      await signInAsFresh(page.context(), persona);
      const last = path.expected.at(-1)!;
      await answerInOrder(
        page,
        '**/api/subscriptions?*',
        'GET',
        loads.map((e) => (e.type.startsWith('xstate.error.') ? { kind: 'fail' } : { kind: 'pass' })),
        last.matches('loading'),
      );
      const saves = path.events.filter((e) => e.type.includes('.actor.saveCard'));
      await answerInOrder(
        page,
        '**/api/payments/paymentmethod',
        'POST',
        saves.map((e) => answerOf(e, status)),
        last.matches('saving'),
      );
      await page.goto(PAGE);
      await expectState(page, path.expected[0]!, path.events.length === 0);
      for (const [i, event] of path.events.entries()) {
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          const e = event as EventObject & Record<string, unknown>;
          if (event.type === 'account.retry' || event.type === 'card.retry')
            await page.getByRole('button', { name: TEXTS.retry }).click();
          else if (event.type === 'billing.changed')
            await page.getByRole('textbox', { name: 'First name' }).fill(e.value as string);
          else if (event.type === 'card.entered') await enterCard(page, (e.card as { outcome: string }).outcome);
          await expectState(page, path.expected[i + 1]!, i + 1 === path.events.length);
        });
      }
    });
  }
});
