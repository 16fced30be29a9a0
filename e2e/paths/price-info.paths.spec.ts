/**
 * The pay-per price popup driven through the paths generated from its machine
 * (price-info.plan.ts), as new-us (nothing is bought: choosing only opens the checkout). The
 * catalogue's load is answered in the path's order: as it is, a failure (503), or held.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PriceInfoOutput } from '../../machines/price-info.machine';
import { apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { answerInOrder, drivePath, outcomeOf } from './answers';
import { priceInfoPlan } from './price-info.plan';

const texts = namespaceTextsOf('en-US', 'price-info');
const LOAD_API = (url: URL) => url.pathname === apiPath('skus') && url.searchParams.has('countryCD');

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as PriceInfoOutput;
    if (output.kind === 'checkout')
      await expect(page).toHaveURL(
        (url) => url.pathname === '/payment/checkout' && url.searchParams.get('skuid') === String(output.skuId),
      );
    else await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    return;
  }
  if (s.hasTag('loading') && !held) return;
  const dialog = page.getByRole('dialog', { name: texts.heading });
  await expect(dialog.getByRole('button', { name: texts.close })).toBeEnabled();
  if (s.hasTag('loading')) {
    await expect(dialog.getByRole('status')).toHaveText(texts.loading);
    return;
  }
  await expect(dialog.getByTestId('price-info-failed')).toHaveCount(s.matches('loadFailed') ? 1 : 0);
  await expect(dialog.getByRole('button', { name: texts.choose })).toHaveCount(s.matches('shown') ? 1 : 0);
  if (s.matches('shown'))
    await expect(dialog.getByTestId('price-info-price')).toContainText(s.context.option.formattedPrice);
}

async function drive(page: Page, event: EventObject) {
  const dialog = page.getByRole('dialog', { name: texts.heading });
  switch (event.type) {
    case 'priceInfo.choose':
      return dialog.getByRole('button', { name: texts.choose }).click();
    case 'priceInfo.close':
      // The popup closes from the keyboard.
      await expect(dialog).toBeVisible();
      return page.keyboard.press('Escape');
    case 'priceInfo.retry':
      return dialog.getByRole('button', { name: texts.retry }).click();
    default:
      return;
  }
}

test.describe('pay-per price popup, along the paths of its machine', () => {
  for (const path of priceInfoPlan.paths) {
    test(path.name, async ({ page }) => {
      await signInAs(page.context(), 'new-us');
      const loads = path.events.filter((e) => e.type.includes('.actor.loadPayPerOption'));
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), {
        holdAfter: loads.length === 0 || last.matches('loading'),
      });
      await page.goto('/payment/payperpopup');
      await drivePath(
        path,
        (_, event) => drive(page, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
