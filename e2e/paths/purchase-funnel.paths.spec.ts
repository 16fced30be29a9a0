/**
 * The purchase funnel driven through the paths generated from its machine
 * (purchase-funnel.plan.ts), on the real pages, server and payment sandbox.
 *
 * Who visits follows the path's first offer: a guest, active-us (who has a plan), or a fresh
 * copy of new-us for everyone who may pay. The machine's answers from the server are arranged
 * before the step that asks for them: the real answer, a failure, or, where the path stops in
 * a loading state, no answer at all. The card payment itself is held at the server's door
 * (POST /api/payments) and let through when the path says the frame answers, so the
 * processing states last exactly as long as the path needs. The frame's processing notices
 * come sooner (configuration altered in the answer) so the delayed and overdue states are
 * reached in about a second.
 *
 * Two of the frame's messages are posted from inside the frame itself, because the sandbox's
 * own form never sends them alone: a failure without its loader first (editing stays), and
 * the loader hidden without an outcome (processing stops). Both are messages any provider's
 * frame may send; they pass the same origin and source checks as the sandbox's.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  funnelStepOf,
  type PurchaseFunnelContext,
  type PurchaseFunnelInput,
} from '../../machines/purchase-funnel.machine';
import { showsCartReminder, type FunnelOffer, type PlanTier } from '../../machines/purchase-funnel.rules';
import type { Sku } from '../../src/api/schemas';
import { SKUS as MODEL_SKUS } from '../../test/machines/fixtures/purchase-funnel';
import { TEST_CARDS, api, futureExpiry, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { purchaseFunnelPlan } from './purchase-funnel.plan';

const texts = namespaceTextsOf('en-US', 'funnel');
type Event = EventObject & Record<string, unknown>;

const OFFER_READ = (url: URL) => url.pathname === '/api/skus';
const JOB_LOOKUP = (url: URL) => url.pathname.startsWith('/api/jobs/');
const APM_COMPLETE = (url: URL) => /^\/api\/v2\/payments\/[^/]+\/transactions\/\d+\/complete$/.test(url.pathname);
const CHECKOUT_CONFIG = (url: URL) =>
  url.pathname === '/api/config/features' && url.searchParams.get('moduleName') === 'Checkout';
const PAYMENT = (url: URL) => url.pathname === '/api/payments';
const DELAYED_NOTICE = 'xstate.after.delayedNotice.purchaseFunnel.checkout.processing.waiting';
const LOG_THRESHOLD = 'xstate.after.processingLogThreshold.purchaseFunnel.checkout.processing.delayed';
const JOB_IDS = { open: 'J-OPEN-1', expired: 'J-EXPIRED-1', unknown: 'J-NO-SUCH-JOB' };

/** Everything a path's run knows: who visits, the real plans, and the payment held at the door. */
interface Run {
  page: Page;
  userUID: string | null;
  skus: Sku[];
  input: PurchaseFunnelInput;
  events: Event[];
  heldPayment: Route | null;
  paymentArrived: Promise<void> | null;
  slowProcessingLogs: unknown[];
}

const tierOfModelSku = (skuId: number): PlanTier => MODEL_SKUS.find((s) => s.SkuID === skuId)!.PlanTier;
function realSku(run: Run, modelSkuId: number): Sku {
  const tier = tierOfModelSku(modelSkuId);
  const sku = run.skus.find((s) => s.PlanTier === tier);
  if (!sku) throw new Error(`no ${tier} plan is offered`);
  return sku;
}

type Visitor = 'guest' | 'subscribed' | 'payer';
function visitorOf(events: Event[]): Visitor {
  const offer = events.find((e) => e.type === 'xstate.done.actor.loadOffer')?.output as FunnelOffer | undefined;
  if (offer?.alreadySubscribed) return 'subscribed';
  if (offer?.signedIn === false) return 'guest';
  return 'payer';
}

function jobIdOf(events: Event[]): string {
  const answer = events.find((e) => e.type.endsWith('.actor.lookUpJob'));
  if (answer?.type === 'xstate.error.actor.lookUpJob') return JOB_IDS.unknown;
  return (answer?.output as { IsJobExpired: boolean } | undefined)?.IsJobExpired ? JOB_IDS.expired : JOB_IDS.open;
}

/** The frame's processing notices, as the path needs them: soon when it waits for them, never when it does not. */
async function arrangeProcessingNotices(page: Page, events: Event[]) {
  const waits = (type: string) => events.some((e) => e.type === type);
  await page.route(CHECKOUT_CONFIG, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      Features: { FeatureCD: string; Config: { Data?: Record<string, number> } }[];
    };
    const processing = body.Features.find((f) => f.FeatureCD === 'processing');
    if (!processing) throw new Error('the Checkout configuration has no processing block');
    processing.Config.Data = {
      delayedNoticeMs: waits(DELAYED_NOTICE) ? 500 : 600_000,
      logThresholdMs: waits(LOG_THRESHOLD) ? 800 : 600_000,
    };
    await route.fulfill({ response, json: body });
  });
}

const waitsForServer = (s: AnyMachineSnapshot) =>
  s.matches('loading') || s.matches('lookingUpJob') || s.matches('completingApm');

/**
 * How the server takes the requests of the loading states the funnel passes through, from the
 * state at `from` until the person next acts: as they are, failing, or not at all where the
 * path stops. (A job's answer follows from the job id in the address.) Arranged before the step
 * that leads there, since one answer leads straight to the next request.
 */
async function serveAnswersFrom(run: Run, expected: readonly AnyMachineSnapshot[], from: number) {
  const { page, events } = run;
  await Promise.all([page.unroute(OFFER_READ), page.unroute(JOB_LOOKUP), page.unroute(APM_COMPLETE)]);
  const hold = () => {};
  for (let k = from; k < expected.length && waitsForServer(expected[k]!); k++) {
    const state = expected[k]!;
    const answer = events[k];
    if (state.matches('loading')) {
      if (answer === undefined) await page.route(OFFER_READ, hold);
      else if (answer.type === 'xstate.error.actor.loadOffer')
        await page.route(OFFER_READ, (route) =>
          route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }),
        );
    } else if (state.matches('lookingUpJob')) {
      if (answer === undefined) await page.route(JOB_LOOKUP, hold);
    } else if (answer === undefined) await page.route(APM_COMPLETE, hold);
    else if (answer.type === 'xstate.error.actor.completeApmPayment')
      await page.route(APM_COMPLETE, (route) =>
        route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
      );
  }
}

const cardFrame = (page: Page) => page.getByTestId('card-frame').contentFrame();
/** The frame's button that hands the payment to `method`'s provider (PayPal, UPI, …). */
const providerButton = (page: Page, method: PurchaseFunnelContext['paymentMethod']) =>
  cardFrame(page).getByRole('button', { name: new RegExp(texts.checkout.method[method]) });

/** Posts a protocol message from inside the card frame, as the provider's own script would. */
async function postFromFrame(page: Page, type: string, payload: Record<string, unknown>) {
  const frame = await (await page.getByTestId('card-frame').elementHandle())!.contentFrame();
  // The card form is drawn before the frame's script has run and told the page it is ready; the
  // page ignores what a frame says before that, so a message posted sooner would be lost.
  await frame!.waitForFunction(() => document.readyState === 'complete');
  await frame!.evaluate(
    ([type, payload]) =>
      window.parent.postMessage({ source: 'payment-sandbox', type, payload }, window.location.origin),
    [type, payload] as const,
  );
}

/** The payment request waits at the server's door until the path lets it through. */
async function holdPayments(run: Run) {
  await run.page.unroute(PAYMENT);
  let arrived!: () => void;
  run.paymentArrived = new Promise((resolve) => (arrived = resolve));
  run.heldPayment = null;
  await run.page.route(PAYMENT, (route) => {
    run.heldPayment = route;
    arrived();
  });
}

async function releasePayment(run: Run) {
  await run.paymentArrived;
  await run.heldPayment!.continue();
  run.heldPayment = null;
}

/** The event that ends the processing begun at `index`: what the frame will report. */
const processingOutcome = (events: Event[], index: number) =>
  events.slice(index + 1).find((e) => !e.type.startsWith('xstate.after.'));

async function drive(run: Run, expected: readonly AnyMachineSnapshot[], index: number) {
  const { page, events } = run;
  const event = events[index]!;
  const next = events[index + 1];
  const before = expected[index]!;
  switch (event.type) {
    case 'offer.retry':
      await serveAnswersFrom(run, expected, index + 1);
      return page.getByRole('button', { name: texts.retry }).click();
    case 'plan.select':
      return page.getByTestId(`plan-option-${tierOfModelSku(event.skuId as number)}`).click();
    case 'plan.continue':
      return page.getByTestId('continue-to-checkout').click();
    case 'plan.change':
      return page.getByTestId('change-plan').click();
    case 'payment.methodSelect':
      return page.getByTestId(`payment-method-${event.method as string}`).click();
    case 'payment.processing': {
      await holdPayments(run);
      const frame = cardFrame(page);
      if ((before.context as PurchaseFunnelContext).paymentMethod === 'CRCD') {
        const declined = processingOutcome(events, index)?.type === 'payment.failed';
        await frame.locator('#card-number').fill(declined ? TEST_CARDS.declined : TEST_CARDS.success);
        await frame.locator('#card-expiry').fill(futureExpiry());
        await frame.locator('#card-cvc').fill('123');
        await frame.locator('#pay').click();
      } else {
        await providerButton(page, (before.context as PurchaseFunnelContext).paymentMethod).click();
      }
      return run.paymentArrived;
    }
    case 'payment.failed':
      // Processing ends with the card's decline; without processing, the frame reports a failure on its own.
      if (before.matches({ checkout: 'processing' })) return releasePayment(run);
      return postFromFrame(page, 'PAYMENT-FAILURE', event.failure as Record<string, unknown>);
    case 'payment.stopped':
      if (next !== undefined)
        throw new Error('the held payment stays held after the loader is hidden: a path cannot go on from here');
      return postFromFrame(page, 'HIDE-LOADER', {});
    case 'xstate.done.actor.checkoutFrame':
      return releasePayment(run);
    case DELAYED_NOTICE:
    case LOG_THRESHOLD:
      return; // time passes
    case 'xstate.done.actor.loadOffer':
    case 'xstate.error.actor.loadOffer':
    case 'xstate.done.actor.lookUpJob':
    case 'xstate.error.actor.lookUpJob':
    case 'xstate.done.actor.completeApmPayment':
    case 'xstate.error.actor.completeApmPayment':
      return; // the server's answer, arranged before the step that asked for it
    default:
      throw new Error(`the driver cannot make ${event.type} happen`);
  }
}

async function expectStep(page: Page, s: AnyMachineSnapshot) {
  await expect(page.getByTestId('funnel-breadcrumb').locator('[aria-current="step"]')).toHaveAttribute(
    'data-step',
    String(funnelStepOf(s)),
  );
}

async function expectState(run: Run, s: AnyMachineSnapshot, held: boolean, timed: boolean) {
  const { page } = run;
  const context = s.context as PurchaseFunnelContext;
  const entryPage =
    context.entry === 'apmReturn' ? 'page-processing' : context.entry === 'checkout' ? 'page-checkout' : 'page-sell';
  if (s.status === 'done') {
    // The plan paid on return from the provider is the one sent there; otherwise it is the one chosen.
    const planId = context.apmReturn?.skuId ?? context.selectedSkuId;
    const selected = planId === null ? null : realSku(run, planId);
    if (s.matches('alreadySubscribed')) {
      await expect(page.getByTestId('already-subscribed')).toBeVisible();
      await expect(page.getByTestId('plan-chooser')).toHaveCount(0);
    } else if (s.matches('signingIn')) {
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/dashboard' &&
          url.searchParams.get('next') === `/payment/checkout?skuid=${selected!.SkuID}`,
      );
    } else if (s.matches('redirectingToApm')) {
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/sandbox/apm' &&
          url.searchParams.get('method') === context.paymentMethod &&
          url.searchParams.get('skuId') === String(selected!.SkuID),
      );
    } else {
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/payment/orderconfirmation' &&
          /^\d+$/.test(url.searchParams.get('orderid') ?? '') &&
          url.searchParams.get('skuid') === String(selected!.SkuID),
        { timeout: 15_000 },
      );
      const sales = (await api(page).transactions(run.userUID!, { transactionTypes: 'SALE', top: 50 })).items.filter(
        (t) => t.status_cd === 'SUCC',
      );
      expect(sales.map((t) => t.sku_detail.label)).toEqual([selected!.Label]);
    }
    return;
  }
  if (s.matches('loading') || s.matches('lookingUpJob') || s.matches('completingApm')) {
    // Otherwise the answer (the path's next step) may already be in.
    if (held) {
      const section = page.getByTestId(entryPage);
      await expect(section).toHaveAttribute('aria-busy', 'true');
      if (entryPage === 'page-processing')
        await expect(section.getByRole('status')).toHaveText(texts.processing.completing);
      else await expect(page.getByTestId('plan-chooser')).toHaveCount(0);
    }
    return;
  }
  if (s.matches('unavailable')) {
    await expect(page.getByRole('alert')).toContainText(texts.sell.unavailable);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    return;
  }
  if (s.matches('choosingPlan')) {
    const selected = realSku(run, context.selectedSkuId!);
    await expect(page.getByTestId('page-sell')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId(`plan-option-${selected.PlanTier}`)).toHaveAttribute('data-selected', 'true');
    const next = page.getByTestId('continue-to-checkout');
    await expect(next).toHaveText(context.offer!.signedIn ? texts.sell.continue : texts.sell.signInToContinue);
    if (s.can({ type: 'plan.continue' })) await expect(next).toBeEnabled();
    else await expect(next).toBeDisabled();
    await expect(page.getByTestId('job-open')).toHaveCount(context.job.status === 'open' ? 1 : 0);
    await expect(page.getByTestId('job-expired')).toHaveCount(context.job.status === 'expired' ? 1 : 0);
    await expect(page.getByTestId('cart-reminder')).toHaveCount(showsCartReminder(context) ? 1 : 0);
    await expectStep(page, s);
    return;
  }
  // Checkout: the order, the method, the failure if any, and the processing notices.
  const selected = realSku(run, context.selectedSkuId!);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/payment/checkout' && url.searchParams.get('skuid') === String(selected.SkuID),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.checkout.title);
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-sku-id', String(selected.SkuID));
  await expect(page.getByTestId(`payment-method-${context.paymentMethod}`)).toHaveAttribute('data-selected', 'true');
  const failure = page.getByTestId('payment-failure');
  if (context.failure) await expect(failure).toHaveAttribute('data-code', context.failure.code);
  else await expect(failure).toHaveCount(0);
  await expectStep(page, s);
  const processing = page.getByTestId('processing');
  const delayed = page.getByTestId('delayed-processing');
  if (s.matches({ checkout: 'editing' })) {
    await expect(processing).toHaveCount(0);
    await expect(page.getByTestId('change-plan')).toBeEnabled();
    // The frame shows this method: the card form or the provider's button.
    if (context.paymentMethod === 'CRCD') await expect(cardFrame(page).locator('#card-number')).toBeVisible();
    else await expect(providerButton(page, context.paymentMethod)).toBeVisible();
    return;
  }
  await expect(processing).toBeVisible();
  await expect(page.getByTestId('payment-methods').getByRole('radio').first()).toBeDisabled();
  await expect(page.getByTestId('change-plan')).toHaveCount(0);
  if (s.hasTag('notice.delayedProcessing')) await expect(delayed).toBeVisible();
  else if (!timed) await expect(delayed).toHaveCount(0);
  // Only the overdue state has logged the slow payment.
  if (s.matches({ checkout: { processing: 'overdue' } }))
    await expect.poll(() => run.slowProcessingLogs.length).toBe(1);
  else if (!timed) expect(run.slowProcessingLogs).toHaveLength(0);
}

/** Someone who has reached the provider's approval page for a PayPal payment of the plan the input names, and approved it. */
async function approveAtTheProvider(run: Run) {
  const { page, input } = run;
  const sku = realSku(run, input.apmReturn!.skuId);
  await page.goto(`/payment/checkout?skuid=${sku.SkuID}`);
  await page.getByTestId(`payment-method-${input.apmReturn!.method}`).click();
  await providerButton(page, input.apmReturn!.method).click();
  await expect(page).toHaveURL(/\/sandbox\/apm\?/);
  return () => page.getByRole('button', { name: input.apmReturn!.approved ? 'Approve' : 'Cancel' }).click();
}

function addressOf(run: Run): string {
  const { input } = run;
  if (input.entry === 'checkout') return `/payment/checkout?skuid=${realSku(run, input.requestedSkuId!).SkuID}`;
  if (input.entry === 'abandonCart') return '/payment/abandon-cart';
  const query = new URLSearchParams();
  if (input.requestedSkuId !== null) query.set('skuid', String(realSku(run, input.requestedSkuId).SkuID));
  if (input.jobId !== null) {
    query.set('flow', '2');
    query.set('j_id', jobIdOf(run.events));
  }
  return `/payment/pricing${query.size > 0 ? `?${query}` : ''}`;
}

const isSlowProcessingLog = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/api/log' &&
  (request.postData() ?? '').includes('"DelayedProcessing"');

test.describe('the purchase funnel, along the paths of its machine', () => {
  for (const path of purchaseFunnelPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Event[];
      const input = path.input as PurchaseFunnelInput;
      const visitor = visitorOf(events);
      const claims =
        visitor === 'guest'
          ? null
          : visitor === 'subscribed'
            ? await signInAs(page.context(), 'active-us')
            : await signInAsFresh(page.context(), 'new-us');
      const skus = await api(page).skus(
        claims ? { userUID: claims.UserUID, sellPageOnly: true } : { sellPageOnly: true },
      );
      const run: Run = {
        page,
        userUID: claims?.UserUID ?? null,
        skus,
        input,
        events,
        heldPayment: null,
        paymentArrived: null,
        slowProcessingLogs: [],
      };
      page.on('request', (request) => {
        if (isSlowProcessingLog(request)) run.slowProcessingLogs.push(request.postDataJSON());
      });
      await arrangeProcessingNotices(page, events);

      if (input.entry === 'apmReturn') {
        const decide = await approveAtTheProvider(run);
        await serveAnswersFrom(run, path.expected, 0);
        await decide();
      } else {
        if (input.entry === 'abandonCart') {
          // The cart is the plan last taken to checkout.
          const cart = (events.find((e) => e.type === 'xstate.done.actor.loadOffer')!.output as FunnelOffer)
            .savedCartSkuId!;
          await page.goto(`/payment/checkout?skuid=${realSku(run, cart).SkuID}`);
          // The card frame, not the summary: the server draws the summary before the app's funnel has opened checkout (and kept the cart).
          await expect(page.getByTestId('card-frame')).toBeVisible();
        }
        await serveAnswersFrom(run, path.expected, 0);
        await page.goto(addressOf(run));
      }
      await expectState(run, path.expected[0]!, events.length === 0, false);
      for (const [i, event] of events.entries()) {
        const after = path.expected[i + 1]!;
        await test.step(`${event.type} → ${after.status === 'done' ? String(after.value) : JSON.stringify(after.value)}`, async () => {
          await drive(run, path.expected, i);
          await expectState(
            run,
            after,
            i + 1 === events.length,
            events[i + 1]?.type.startsWith('xstate.after.') ?? false,
          );
        });
      }
      // The path is walked: a request the app still has under way (its configuration, read again
      // on a retry) must not fail the test when the page closes under its handler.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
});
