/**
 * The upsell sequence driven through the paths generated from its machine (upsell-sequence.plan.ts).
 * Each path signs in a fresh copy of new-us who has just bought a plan (and, where the path's load
 * says everything is owned, every add-on too), and enters the sequence for that order. The
 * server's answers come in the path's order: as they are, a sandbox decline, a failure (503), or
 * none where the path stops waiting. At every state the page must show what the state means.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UpsellSequenceOutput } from '../../machines/upsell-sequence.machine';
import type { AddOnCharge, OfferSku, SequenceData } from '../../machines/upsell-sequence.rules';
import { sequenceEnd } from '../../src/features/upsell/upsell-effects';
import { hrefOfDestination } from '../../src/routing/route-target';
import { TEST_CARDS, api, apiPath, futureExpiry, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { answerInOrder, drivePath, outcomeOf, type Outcome } from './answers';
import { upsellSequencePlan } from './upsell-sequence.plan';

const texts = namespaceTextsOf('en-US', 'upsell');
const LOAD_API = (url: URL) => url.pathname === apiPath('skus') && url.searchParams.has('countryCD');
const CHARGE_API = (url: URL) => url.pathname === apiPath('payments/addon');

type Answer = EventObject & { output?: SequenceData | AddOnCharge };

/** A charge's answer: as it is, a sandbox decline (the same request, declined by the sandbox), or an outage. */
function chargeOutcomeOf(event: Answer): Outcome | 'declined' {
  if (event.type.startsWith('xstate.error.')) return 'failure';
  return (event.output as AddOnCharge | undefined)?.status === 'FAIL' ? 'declined' : 'real';
}

/** The charges in the path's order; a decline is the real server declining, as the sandbox does for a declined card. */
async function answerCharges(page: Page, outcomes: (Outcome | 'declined')[], holdAfter: boolean) {
  let asked = 0;
  await page.route(CHARGE_API, async (route: Route) => {
    // The card frame's payment (another card after a decline) is the person's own: it goes through as it is.
    if ((route.request().postDataJSON() as { card?: unknown }).card) return route.continue();
    const outcome = outcomes[asked++];
    if (outcome === 'declined')
      return route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), fail_payment: true }) });
    if (outcome === 'failure')
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    if (outcome === undefined && holdAfter) return; // held: the page stays waiting while it is looked at
    return route.continue();
  });
}

/** A fresh new-us with a paid plan (and every add-on, when asked): the order id. */
async function personWithPlan(page: Page, ownsEverything: boolean): Promise<number> {
  const me = await signInAsFresh(page.context(), 'new-us');
  const skus = await api(page).skus({ userUID: me.UserUID });
  const plan = skus.find((s) => s.PlanTier === 'fullAccess' && s.IsSelected)!;
  const { TransactionID } = await api(page).post<{ TransactionID: number }>('/payments', {
    user_uid: me.UserUID,
    sku_id: plan.SkuID,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  if (ownsEverything) {
    for (const sku of skus.filter((s) =>
      ['RSMRVW', 'BOLDPRO', 'SOCCARD', 'CLWRIT', 'RSWRIT', 'CALM', 'FDBKTL', 'AIWRIT'].includes(s.ProductID),
    )) {
      await api(page).post('/payments/addon', {
        user_uid: me.UserUID,
        order_id: TransactionID,
        sku_id: sku.SkuID,
        session_guid: randomUUID(),
      });
    }
  }
  return TransactionID;
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as UpsellSequenceOutput;
    const end = new URL(hrefOfDestination(sequenceEnd(output, { dashboardUrl: '/dashboard' })), 'http://x');
    // The first answer may take a while on a loaded machine (the page's code arrives with it).
    await expect(page).toHaveURL((url) => url.pathname === end.pathname, { timeout: 15_000 });
    return;
  }
  if ((s.hasTag('loading') || s.hasTag('busy')) && !held) return;
  const section = page.getByTestId('page-upsell');
  if (s.hasTag('loading') || s.hasTag('busy')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.hasTag('loading') ? texts.loading : texts.charging);
    if (s.hasTag('busy')) await expect(page.getByRole('button', { name: texts.add })).toBeDisabled();
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('loadFailed')) {
    await expect(page.getByTestId('upsell-load-failed')).toContainText(texts.loadFailed.body);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByRole('button', { name: texts.toDashboard })).toBeEnabled();
    return;
  }
  // An offer: its page and heading, its place on the bar, add, skip and the dashboard.
  const sku = (s.context.offers as OfferSku[])[s.context.index as number]!;
  const step = (s.context.decided as unknown[]).length + (s.context.index as number) + 1;
  await expect(section).toHaveAttribute('data-offer', sku.offer);
  await expect(page.getByRole('heading', { level: 1, name: texts.offers[sku.offer].heading })).toBeVisible();
  await expect(page.getByTestId('upsell-progress').locator('[aria-current="step"]')).toHaveText(`Step ${step} of 4`);
  await expect(page.getByRole('button', { name: texts.toDashboard })).toBeEnabled();
  // Add and skip open once the offer has settled, a moment later; upsell-sequence.spec.ts times that with a double click.
  if (s.matches({ offer: 'settling' })) return;
  await expect(page.getByRole('button', { name: s.context.failure ? texts.tryAgain : texts.add })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
  await expect(page.getByTestId('upsell-declined')).toHaveCount(s.matches({ offer: 'declined' }) ? 1 : 0);
  // After a decline, the card frame for another card.
  await expect(page.getByTestId('upsell-other-card')).toHaveCount(s.matches({ offer: 'declined' }) ? 1 : 0);
  await expect(page.getByTestId('upsell-charge-failed')).toHaveCount(s.matches({ offer: 'chargeFailed' }) ? 1 : 0);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  switch (event.type) {
    case 'offer.take':
      return page.getByRole('button', { name: s.context.failure ? texts.tryAgain : texts.add }).click();
    case 'offer.skip':
      return page.getByRole('button', { name: texts.skip }).click();
    case 'sequence.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'sequence.leave':
      return page.getByRole('button', { name: texts.toDashboard }).click();
    case 'xstate.done.actor.cardFrame': {
      // Another card, a good one, in the frame offered after the decline.
      const frame = page.getByTitle(texts.otherCard.frameTitle).contentFrame();
      await frame.locator('#card-number').fill(TEST_CARDS.success);
      await frame.locator('#card-expiry').fill(futureExpiry());
      await frame.locator('#card-cvc').fill('123');
      return frame.locator('#pay').click();
    }
    default:
      return; // the server's answer to the request before, or the offer settling: the page makes both itself
  }
}

test.describe('upsell sequence, along the paths of its machine', () => {
  for (const path of upsellSequencePlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadSequence'));
      const data = loads.find((e) => e.type.startsWith('xstate.done.'))?.output as SequenceData | undefined;
      const orderId = await personWithPlan(page, (data?.ownedProducts.length ?? 0) > 0);
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerCharges(
        page,
        events.filter((e) => e.type.includes('.actor.chargeAddOn')).map(chargeOutcomeOf),
        last.matches({ offer: 'charging' }),
      );
      await page.goto(`/payment/upsell/resume-review?orderid=${orderId}`);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
