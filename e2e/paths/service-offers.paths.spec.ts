/**
 * The offers page driven through the paths generated from its machine (service-offers.plan.ts),
 * as new-us on `offers`. The catalogue's reads are answered in the path's order: the real market's
 * services standing in for the path's offers, none (plans only), or an outage; past them the read
 * is held where the path ends waiting. At every state the page must show what the state means.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ServiceOffer } from '../../machines/service-offers.rules';
import { serviceKindOf, SERVICE_PRODUCT } from '../../machines/service-products.rules';
import type { Sku } from '../../src/api/schemas/skus';
import { apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { drivePath } from './answers';
import { serviceOffersPlan } from './service-offers.plan';

const texts = namespaceTextsOf('en-US', 'services');
const PAGE = '/payment/offers';
const SKUS_API = (url: URL) =>
  url.pathname === apiPath('skus') && url.searchParams.has('userUID') && !url.searchParams.has('countryCD');

type Step = EventObject & { output?: ServiceOffer[]; skuId?: number };

/**
 * Answers the catalogue's reads made on the offers page in turn: an offers answer keeps the
 * market's plans and, for each offer of the path, the real SKU of that service renumbered as the
 * path's; an empty one keeps only the plans; an error is an outage.
 */
async function answerReads(page: Page, steps: Step[], hold: boolean) {
  let asked = 0;
  await page.route(SKUS_API, async (route: Route) => {
    if (new URL(page.url()).pathname !== PAGE) return route.continue();
    const step = steps[asked++];
    if (step === undefined) {
      if (hold) return;
      return route.continue();
    }
    if (!step.output)
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    const real = (await (await route.fetch()).json()) as { Skus: Sku[] };
    const plans = real.Skus.filter((sku) => serviceKindOf(sku.ProductID) === null);
    const services = step.output.map((offer) => ({
      ...real.Skus.find((sku) => sku.ProductID === SERVICE_PRODUCT[offer.kind])!,
      SkuID: offer.skuId,
      FormattedUnitPrice: offer.formattedPrice,
    }));
    return route.fulfill({ json: { Skus: [...plans, ...services] } });
  });
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as { next: string; skuId?: number };
    if (output.next === 'checkout')
      await expect(page).toHaveURL(
        (url) => url.pathname === '/payment/checkout' && url.searchParams.get('skuid') === String(output.skuId),
      );
    else await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    return;
  }
  if (s.hasTag('loading') && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-service-offers');
  // The first page of a run may wait for a cold server.
  await expect(page.getByRole('heading', { level: 1, name: texts.offers.heading })).toBeVisible({ timeout: 10_000 });
  if (s.hasTag('loading')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(texts.offers.loading);
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false');
  const offers = (s.context as { offers: ServiceOffer[] }).offers;
  await expect(page.getByTestId('offers-load-failed')).toHaveCount(s.matches('loadFailed') ? 1 : 0);
  await expect(page.getByTestId('offers-none')).toHaveCount(s.matches('noOffers') ? 1 : 0);
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.offers.loadFailedHeading);
    await expect(page.getByTestId('offers-retry')).toBeEnabled();
  }
  if (s.matches('choosing')) {
    for (const offer of offers) {
      const item = page.getByTestId(`offer-${offer.kind}`);
      await expect(item).toContainText(offer.formattedPrice);
      await expect(item.getByRole('button')).toBeEnabled();
    }
  }
  await expect(page.getByTestId('offers-skip')).toBeEnabled();
}

async function drive(page: Page, s: AnyMachineSnapshot, event: Step) {
  switch (event.type) {
    case 'offers.add': {
      const offer = (s.context as { offers: ServiceOffer[] }).offers.find((o) => o.skuId === event.skuId)!;
      return page.getByTestId(`offer-add-${offer.kind}`).click();
    }
    case 'offers.skip':
      return page.getByTestId('offers-skip').click();
    case 'offers.retry':
      return page.getByTestId('offers-retry').click();
    default:
      return; // the catalogue's answer to the read before
  }
}

test.describe('service offers, along the paths of its machine', () => {
  for (const path of serviceOffersPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Step[];
      await signInAs(page.context(), 'new-us');
      await answerReads(
        page,
        events.filter((e) => e.type.includes('.actor.loadOffers')),
        path.expected.at(-1)!.matches('loading'),
      );
      await page.goto(PAGE);
      await drivePath(
        path,
        (before, event) => drive(page, before, event as Step),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
