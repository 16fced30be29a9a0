/**
 * Billing history driven through the paths generated from its machine (billing-history.plan.ts),
 * as active-us, whose seeded history the model's answers follow. The server's answers come in the
 * path's order: as they are, a failure (503), or none where the path stops waiting. At every
 * state the page must show what the state means.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { HistoryFilter, HistoryPage } from '../../machines/billing-history.rules';
import { apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { billingHistoryPlan } from './billing-history.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'billing');
const PAGE = '/payment/transactions';
const LIST_API = (url: URL) => url.pathname.startsWith(apiPath('payments/')) && url.pathname.endsWith('/transactions');

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  const section = page.getByTestId('page-billing-history');
  // Waiting passes as soon as the answer is in; it is looked at only where the path holds it.
  if (s.hasTag('loading')) {
    if (!held) return;
    await expect(section).toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
    await expect(section.getByRole('status')).toHaveText(texts.history.loading);
    return;
  }
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  // The first answer may take a while on a loaded machine (the page's code arrives with it).
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  const { filter, page: shown } = s.context as { filter: HistoryFilter; page: HistoryPage | null };
  if (s.matches('failed')) {
    await expect(page.getByRole('alert')).toContainText(texts.history.failed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByTestId('billing-row')).toHaveCount(0);
    return;
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('billing-row')).toHaveCount(shown!.items.length);
  await expect(page).toHaveURL(
    (url) =>
      (url.searchParams.get('txtype') ?? null) === (filter.kind === 'refunds' ? 'refund' : null) &&
      Number(url.searchParams.get('skip') ?? 0) === filter.skip,
  );
  const paged = shown!.total > shown!.items.length || filter.skip > 0;
  if (paged) {
    await expect(page.getByRole('button', { name: texts.paging.next })).toBeEnabled({
      enabled: s.can({ type: 'history.next' }),
    });
    await expect(page.getByRole('button', { name: texts.paging.previous })).toBeEnabled({
      enabled: s.can({ type: 'history.previous' }),
    });
  } else {
    await expect(page.getByRole('button', { name: texts.paging.next })).toHaveCount(0);
  }
}

async function drive(page: Page, event: EventObject) {
  switch (event.type) {
    case 'history.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'history.next':
      return page.getByRole('button', { name: texts.paging.next }).click();
    case 'history.previous':
      return page.getByRole('button', { name: texts.paging.previous }).click();
    case 'history.filter': {
      const kind = (event as EventObject & { kind: 'all' | 'sales' | 'refunds' }).kind;
      await page.getByRole('radio', { name: texts.kind[kind] }).focus();
      await page.keyboard.press('Space');
      return page.getByRole('button', { name: texts.filters.apply }).click();
    }
    case 'history.show':
      return page.getByTestId('billing-reset').click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('billing history, along the paths of its machine', () => {
  for (const path of billingHistoryPlan.paths) {
    test(path.name, async ({ page }) => {
      await signInAs(page.context(), 'active-us');
      const last = path.expected.at(-1)!;
      const loads = path.events.filter((e) => e.type.includes('.actor.loadTransactions'));
      await answerInOrder(page, LIST_API, loads.map(outcomeOf), { holdAfter: last.hasTag('loading'), onlyOn: PAGE });
      await page.goto(PAGE);
      await drivePath(
        path,
        (_, event) => drive(page, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
