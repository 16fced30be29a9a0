/**
 * The winback page driven through the paths generated from its machine (winback.plan.ts). Each
 * path signs in the person its first answer needs: expired-us (invited back), active-us (a plan
 * already), new-us (never had one), or a fresh copy of expired-us who has redeemed a welcome-back
 * offer and cancelled it again. The standing's answers come in the path's order: as they are, a
 * failure (503), or none where the path stops waiting. At every state the page must show what
 * the state means.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { WinbackData } from '../../machines/winback.machine';
import { api, apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { winbackPlan } from './winback.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'winback');
const PAGE = '/payment/winback';
const LOAD_API = (url: URL) => url.pathname.startsWith(apiPath('winback/'));
const WINBACK_MONTHLY_US = 130;

type Answer = EventObject & { output?: WinbackData };

/** A fresh copy of expired-us who took the welcome-back offer and cancelled it: Expiring, invited back, but it was theirs once. */
async function signInAsRedeemed(page: Page) {
  const me = await signInAsFresh(page.context(), 'expired-us');
  const paid = await api(page).post<{ SubscriptionID: number }>('/payments', {
    user_uid: me.UserUID,
    sku_id: WINBACK_MONTHLY_US,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  await api(page).post('/subscriptions/cancelv2', { user_uid: me.UserUID, subscription_id: paid.SubscriptionID });
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as { next: string; skuId?: number };
    if (output.next === 'checkout') {
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/payment/checkout' &&
          url.searchParams.get('skuid') === String(output.skuId) &&
          url.searchParams.get('mode') === 'winback',
      );
    } else {
      await expect(page).toHaveURL(
        (url) => url.pathname === (output.next === 'plans' ? '/payment/pricing' : '/payment/mysettings'),
      );
    }
    return;
  }
  if (s.hasTag('loading') && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-winback');
  if (s.hasTag('loading')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(texts.loading);
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    return;
  }
  if (s.matches('active') || s.matches('redeemed') || s.matches('noOffer')) {
    const kind = s.matches('active') ? 'active' : s.matches('redeemed') ? 'redeemed' : 'noOffer';
    await expect(page.getByRole('heading', { level: 1, name: texts[kind].heading })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.toPlans })).toHaveCount(kind === 'active' ? 0 : 1);
    await expect(page.getByRole('button', { name: /^Reactivate/ })).toHaveCount(0);
    return;
  }
  // choosing: one "reactivate" per offer the state holds, each with its price.
  const offers = (s.context.data as WinbackData).offers;
  await expect(page.getByRole('heading', { level: 2, name: texts.offersHeading })).toBeVisible();
  await expect(page.getByRole('list', { name: texts.offersHeading }).getByRole('listitem')).toHaveCount(offers.length);
  for (const offer of offers) await expect(page.getByTestId(`winback-choose-${offer.skuId}`)).toBeEnabled();
}

async function drive(page: Page, event: EventObject) {
  switch (event.type) {
    case 'winback.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'winback.choose':
      return page.getByTestId(`winback-choose-${(event as EventObject & { skuId: number }).skuId}`).click();
    case 'winback.plans':
      return page.getByRole('button', { name: texts.toPlans }).click();
    case 'winback.settings':
      return page.getByRole('button', { name: texts.toSettings }).click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('winback, along the paths of its machine', () => {
  for (const path of winbackPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadWinback'));
      const standing = loads.find((e) => e.type.startsWith('xstate.done.'))?.output?.standing ?? 'eligible';
      if (standing === 'redeemed') await signInAsRedeemed(page);
      else
        await signInAs(
          page.context(),
          standing === 'active' ? 'active-us' : standing === 'notEligible' ? 'new-us' : 'expired-us',
        );
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), {
        holdAfter: path.expected.at(-1)!.matches('loading'),
        onlyOn: PAGE,
      });
      await page.goto(PAGE);
      await drivePath(
        path,
        (_before, event) => drive(page, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
