/**
 * The upsell offers page driven through the paths generated from its machine
 * (upsell-offers.plan.ts). Each path signs in a fresh copy of new-us who has just bought a plan
 * (and, where the path's load says everything is owned, every add-on too) and opens the offers
 * page, or the survey on its own. The server's answers come in the path's order: as they are, a
 * sandbox decline, a failure (503), or none where the path stops waiting. At every state the page
 * must show what the state means.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UpsellOffersInput } from '../../machines/upsell-offers.machine';
import { statusOf } from '../../machines/upsell-offers.rules';
import type { UpsellSequenceOutput } from '../../machines/upsell-sequence.machine';
import type { AddOnCharge, OfferSku, SequenceData } from '../../machines/upsell-sequence.rules';
import { sequenceEnd } from '../../src/features/upsell/upsell-effects';
import { hrefOfDestination } from '../../src/routing/route-target';
import { TEST_CARDS, api, apiPath, futureExpiry, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { answerInOrder, drivePath, outcomeOf, type Outcome } from './answers';
import { upsellOffersPlan } from './upsell-offers.plan';

const texts = namespaceTextsOf('en-US', 'upsell-offers');
const LOAD_API = (url: URL) => url.pathname === apiPath('skus') && url.searchParams.has('countryCD');
const CHARGE_API = (url: URL) => url.pathname === apiPath('payments/addon');
const SURVEY_API = (url: URL) => url.pathname === apiPath('upsell/survey');
const ADD_ONS = ['RSMRVW', 'BOLDPRO', 'SOCCARD', 'CLWRIT', 'RSWRIT', 'CALM', 'FDBKTL', 'AIWRIT'];

type Answer = EventObject & { output?: SequenceData | AddOnCharge };

function chargeOutcomeOf(event: Answer): Outcome | 'declined' {
  if (event.type.startsWith('xstate.error.')) return 'failure';
  return (event.output as AddOnCharge | undefined)?.status === 'FAIL' ? 'declined' : 'real';
}

/** The one-click charges in the path's order; the card frame's own payment goes through as it is. */
async function answerCharges(page: Page, outcomes: (Outcome | 'declined')[], holdAfter: boolean) {
  let asked = 0;
  await page.route(CHARGE_API, async (route: Route) => {
    const body = route.request().postDataJSON() as { card?: unknown };
    if (body.card) return route.continue();
    const outcome = outcomes[asked++];
    if (outcome === 'declined') return route.continue({ postData: JSON.stringify({ ...body, fail_payment: true }) });
    if (outcome === 'failure')
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    if (outcome === undefined && holdAfter) return;
    return route.continue();
  });
}

async function personWithPlan(page: Page, ownsEverything: boolean): Promise<void> {
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
  if (!ownsEverything) return;
  for (const sku of skus.filter((s) => ADD_ONS.includes(s.ProductID))) {
    await api(page).post('/payments/addon', {
      user_uid: me.UserUID,
      order_id: TransactionID,
      sku_id: sku.SkuID,
      session_guid: randomUUID(),
    });
  }
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const end = new URL(
      hrefOfDestination(sequenceEnd(s.output as UpsellSequenceOutput, { dashboardUrl: '/dashboard' })),
      'http://x',
    );
    await expect(page).toHaveURL((url) => url.pathname === end.pathname, { timeout: 15_000 });
    return;
  }
  const busy = s.hasTag('loading') || s.hasTag('busy');
  if (busy && !held) return;
  const section = page.locator('[data-testid="page-upsell-offers"], [data-testid="page-upsell-survey"]');
  if (busy) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: texts.toDashboard })).toBeEnabled();
  if (s.matches('loadFailed')) {
    await expect(page.getByTestId('offers-load-failed')).toContainText(texts.loadFailed.body);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    return;
  }
  if (s.hasTag('survey')) {
    await expect(page).toHaveURL((url) => url.pathname === '/payment/upsell/offers/survey');
    await expect(page.getByRole('heading', { level: 1, name: texts.survey.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.survey.submit })).toBeEnabled({
      enabled: s.context.reason !== null,
    });
    await expect(page.getByTestId('survey-failed')).toHaveCount(s.context.surveyFailed ? 1 : 0);
    return;
  }
  // The offers: each add-on's card shows where it stands.
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  for (const sku of s.context.offers as OfferSku[]) {
    await expect(page.getByTestId(`offer-${sku.offer}`)).toHaveAttribute(
      'data-status',
      statusOf(s.context.statuses, sku.offer),
    );
  }
  await expect(page.getByTestId('offers-other-card')).toHaveCount(s.matches({ choosing: 'declined' }) ? 1 : 0);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject & { offer?: string; reason?: string }) {
  switch (event.type) {
    case 'offers.add':
      return page.getByTestId(`offer-${event.offer}-add`).click();
    case 'offers.skip':
      return page.getByTestId('offers-skip').click();
    case 'survey.choose':
      return page
        .getByRole('radiogroup', { name: texts.survey.question })
        .getByText(texts.survey.reasons[event.reason!])
        .click();
    case 'survey.submit':
      return page.getByRole('button', { name: texts.survey.submit }).click();
    case 'survey.skip':
      return page.getByTestId('survey-skip').click();
    case 'sequence.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'sequence.leave':
      return page.getByRole('button', { name: texts.toDashboard }).click();
    case 'xstate.done.actor.cardFrame': {
      const frame = page.getByTitle(texts.otherCard.frameTitle).contentFrame();
      await frame.locator('#card-number').fill(TEST_CARDS.success);
      await frame.locator('#card-expiry').fill(futureExpiry());
      await frame.locator('#card-cvc').fill('123');
      return frame.locator('#pay').click();
    }
    default:
      void s;
      return; // the server's answer to the request before
  }
}

test.describe('upsell offers page, along the paths of its machine', () => {
  // The first path of a worker also waits for the page's code to be built and served.
  test.describe.configure({ timeout: 45_000 });
  for (const path of upsellOffersPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadSequence'));
      const data = loads.find((e) => e.type.startsWith('xstate.done.'))?.output as SequenceData | undefined;
      await personWithPlan(page, (data?.ownedProducts.length ?? 0) > 0);
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerCharges(
        page,
        events.filter((e) => e.type.includes('.actor.chargeAddOn')).map(chargeOutcomeOf),
        last.matches('charging'),
      );
      await answerInOrder(
        page,
        SURVEY_API,
        events.filter((e) => e.type.includes('.actor.saveSurveyAnswer')).map(outcomeOf),
        { holdAfter: last.matches('savingSurvey') },
      );
      const startAt = (path.input as UpsellOffersInput).startAt;
      await page.goto(startAt === 'survey' ? '/payment/upsell/offers/survey' : '/payment/upsell/offers');
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
