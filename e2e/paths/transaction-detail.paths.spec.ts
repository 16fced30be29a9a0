/**
 * Transaction detail driven through the paths generated from its machine
 * (transaction-detail.plan.ts), as active-us. A path whose answer is someone else's transaction
 * opens one of active-de's ids (the API answers 403); an address without an id opens `abc`. The
 * other answers come in the path's order: as they are, a failure (503), or none where the path
 * stops waiting. Printing is recorded instead of opening the print dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { api, apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { transactionDetailPlan } from './transaction-detail.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'billing');
const DETAIL_API = (url: URL) => url.pathname.startsWith(apiPath('payments/')) && url.pathname.endsWith('/detail');

type Answer = EventObject & { error?: { kind?: string } };
const isForeign = (event: Answer) => event.type.startsWith('xstate.error.') && event.error?.kind === 'forbidden';

async function expectState(
  page: Page,
  s: AnyMachineSnapshot,
  held: boolean,
  printed: () => Promise<number>,
  prints: number,
) {
  if (s.matches('notFound')) {
    await expect(page.getByTestId('page-not-found')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('transaction-receipt')).toHaveCount(0);
    return;
  }
  const section = page.getByTestId('page-transaction-detail');
  if (s.hasTag('loading')) {
    if (!held) return;
    await expect(section).toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
    await expect(section.getByRole('status')).toHaveText(texts.detail.loading);
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('failed')) {
    await expect(page.getByRole('alert')).toContainText(texts.detail.failed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByTestId('transaction-receipt')).toHaveCount(0);
    return;
  }
  await expect(page.getByTestId('transaction-receipt')).toBeVisible();
  await expect(page.getByTestId('detail-amount')).toContainText('$');
  await expect(page.getByRole('button', { name: texts.detail.print })).toBeEnabled();
  await expect(page.getByTestId('receipt-download')).toHaveAttribute('href', /\/receipt$/);
  expect(await printed()).toBe(prints);
}

test.describe('transaction detail, along the paths of its machine', () => {
  for (const path of transactionDetailPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const noId = (path.input as { transactionId: number | null }).transactionId === null;
      let id = 'abc';
      if (!noId) {
        const foreign = events.some(isForeign);
        const owner = await signInAs(page.context(), foreign ? 'active-de' : 'active-us');
        id = String((await api(page).transactions(owner.UserUID)).items[0]!.transaction_id);
      }
      await signInAs(page.context(), 'active-us');
      await page.addInitScript(() => {
        const w = window as unknown as { print: () => void; __prints: number };
        w.__prints = 0;
        w.print = () => {
          w.__prints += 1;
        };
      });
      const loads = events.filter((e) => e.type.includes('.actor.loadTransaction') && !isForeign(e));
      const last = path.expected.at(-1)!;
      await answerInOrder(page, DETAIL_API, loads.map(outcomeOf), { holdAfter: last.hasTag('loading') });
      const PAGE = `/payment/transactions/${id}/detail`;
      await page.goto(PAGE);
      const printed = () => page.evaluate(() => (window as unknown as { __prints: number }).__prints);
      let prints = 0;
      await drivePath(
        path,
        async (_, event) => {
          if (event.type === 'detail.retry') return page.getByRole('button', { name: texts.retry }).click();
          if (event.type === 'receipt.print') {
            prints += 1;
            return page.getByRole('button', { name: texts.detail.print }).click();
          }
          return undefined;
        },
        (state, held) => expectState(page, state, held, printed, prints),
      );
    });
  }
});
