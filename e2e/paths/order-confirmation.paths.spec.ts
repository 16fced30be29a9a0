/**
 * The order confirmation driven through the paths generated from its machine
 * (order-confirmation.plan.ts), on active-us's real orders (read only). The address names the
 * order the path's first answer needs: a sale, the refund (not a confirmable order), an order
 * that does not exist, or the sale while the server is down. At every state the page must show
 * what that state means: the heading, the variant, the welcome dialog, the error with or
 * without its retry, the enabled ways on, and, once left, where the person went.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ConfirmationFailure, ConfirmationRequest } from '../../machines/order-confirmation.rules';
import { confirmationExit, confirmationVariant } from '../../machines/order-confirmation.rules';
import { api, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { orderConfirmationPlan } from './order-confirmation.plan';

const texts = namespaceTextsOf('en-US', 'order');
const DASHBOARD = '/dashboard';
const MISSING_ORDER = 987654321;
const DETAIL = (url: URL) => /^\/api\/payments\/[^/]+\/\d+\/detail$/.test(url.pathname);

interface Orders {
  sale: { id: number; skuId: number };
  refundId: number;
  firstName: string;
}

async function activeUsOrders(page: Page): Promise<Orders> {
  const me = await signInAs(page.context(), 'active-us');
  const items = (await api(page).transactions(me.UserUID, { top: 50 })).items;
  const sale = items.find((t) => t.transaction_type === 'SALE' && t.sub_type === null && t.status_cd === 'SUCC');
  const refund = items.find((t) => t.transaction_type === 'RFND');
  if (!sale || !refund)
    throw new Error(
      `active-us should have a plain sale and a refund: ${JSON.stringify(items.map((t) => t.transaction_type))}`,
    );
  const sku = (await api(page).skus()).find(
    (s) => s.Label === sale.sku_detail.label && s.ProductID === sale.sku_detail.product_id,
  );
  if (!sku) throw new Error(`no SKU labelled ${sale.sku_detail.label}`);
  return {
    sale: { id: sale.transaction_id, skuId: sku.SkuID },
    refundId: refund.transaction_id,
    firstName: me.FirstName,
  };
}

type Answer = EventObject & { output?: { transactionType: string }; error?: { kind: string } };

/** The order id the address names, for the path's first answer from the server. */
function orderIdFor(first: Answer | undefined, orders: Orders): number | null {
  if (first?.type === 'xstate.done.actor.order')
    return first.output!.transactionType === 'SALE' ? orders.sale.id : orders.refundId;
  if (first?.type === 'xstate.error.actor.order' && first.error!.kind === 'notFound') return MISSING_ORDER;
  return orders.sale.id;
}

const PATH_OF_PAGE: Record<string, string> = {
  MobileOrderPage: '/payment/mobile/orderconfirmation',
  PurchaseConfirmation: '/payment/purchase-confirmation',
  BigInterviewOrderConfirmation: '/payment/big-interview/orderconfirmation',
};

function addressFor(request: ConfirmationRequest, orderId: number | null, skuId: number): string {
  const path = PATH_OF_PAGE[request.pageCode] ?? '/payment/orderconfirmation';
  const query = new URLSearchParams();
  if (request.orderId !== null && orderId !== null) query.set('orderid', String(orderId));
  query.set('skuid', String(skuId));
  if (request.flow) query.set('flow', request.flow);
  if (request.legacyForced) query.set('showLegacyOrderConfirmation', 'true');
  if (request.dashboardForced) query.set('isFeedBackTool', 'true');
  return `${path}?${query}`;
}

/** How the server takes the next request for the order: as it is, down, or not at all while the path ends. */
async function serveOrder(page: Page, next: Answer | undefined) {
  await page.unroute(DETAIL);
  if (next === undefined) await page.route(DETAIL, () => {});
  else if (next.type === 'xstate.error.actor.order' && next.error!.kind === 'network')
    await page.route(DETAIL, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
    );
}

async function drive(page: Page, event: EventObject, next: Answer | undefined) {
  switch (event.type) {
    case 'welcome.close':
      return page
        .getByRole('dialog', { name: texts.welcome.title })
        .getByRole('button', { name: texts.welcome.start })
        .click();
    case 'confirmation.continue':
      return page.getByTestId('continue').click();
    case 'confirmation.dashboard':
      return page.getByRole('link', { name: texts.goToDashboard }).click();
    case 'order.retry':
      await serveOrder(page, next);
      return page.getByRole('button', { name: texts.failed.retry }).click();
    case 'xstate.done.actor.order':
    case 'xstate.error.actor.order':
      return; // the server's answer to the load before
    default:
      throw new Error(`the driver cannot make ${event.type} happen`);
  }
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean, firstName: string) {
  const request = s.context.request as ConfirmationRequest;
  if (s.status === 'done') {
    const exit = confirmationExit({
      leftBy: s.context.leftBy,
      dashboardForced: request.dashboardForced,
      variant: confirmationVariant(request),
    });
    const upsell =
      request.device === 'Mobile' ? '/payment/mobile/upsell/resume-review' : '/payment/upsell/resume-review';
    await expect(page).toHaveURL(
      (url) =>
        url.pathname ===
        (exit === 'dashboard' ? DASHBOARD : exit === 'bigInterviewOffers' ? '/payment/big-interview/offers' : upsell),
    );
    return;
  }
  const section = page.getByTestId('page-order-confirmation');
  const heading = page.getByRole('heading', { level: 1 });
  if (s.matches('loading')) {
    // Otherwise the answer (the path's next step) may already be in.
    if (held) {
      await expect(heading).toHaveText(texts.loading.heading);
      await expect(section).toHaveAttribute('aria-busy', 'true');
    }
    return;
  }
  if (s.matches('failed')) {
    const failure = s.context.failure as ConfirmationFailure;
    await expect(heading).toHaveText(
      failure === 'notFound' ? texts.failed.notFoundHeading : texts.failed.unavailableHeading,
    );
    await expect(page.getByTestId('order-error')).toBeVisible();
    await expect(page.getByRole('button', { name: texts.failed.retry })).toHaveCount(
      s.can({ type: 'order.retry' }) ? 1 : 0,
    );
    // The dashboard, with the page's billing-append parameters (its order id among them).
    await expect(page.getByRole('link', { name: texts.goToDashboard })).toHaveAttribute(
      'href',
      new RegExp(`^${DASHBOARD}(\\?|$)`),
    );
    return;
  }
  const variant = (['legacy', 'saveFlow', 'purchase', 'bigInterview', 'mobile', 'standard'] as const).find((v) =>
    s.matches({ shown: v }),
  )!;
  // The first page of a run may wait for a cold server.
  await expect(section).toHaveAttribute('data-variant', variant, { timeout: 10_000 });
  const titles: Record<string, string> = {
    legacy: texts.legacy.heading,
    saveFlow: texts.saveFlow.heading,
    purchase: texts.purchase.heading,
    bigInterview: texts.bigInterview.heading,
  };
  const title = titles[variant] ?? `Congratulations, ${firstName}!`;
  await expect(heading).toHaveText(title);
  const dialog = page.getByRole('dialog', { name: texts.welcome.title });
  if (s.hasTag('welcomeOpen')) {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: texts.welcome.start })).toBeEnabled();
    return;
  }
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: variant === 'bigInterview' ? texts.bigInterview.continue : texts.continue }),
  ).toHaveCount(s.can({ type: 'confirmation.continue' }) ? 1 : 0);
  await expect(page.getByRole('link', { name: texts.goToDashboard })).toBeVisible();
  if (variant === 'legacy') await expect(page.getByTestId('legacy-receipt')).toBeVisible();
  if (variant === 'purchase') await expect(page.getByTestId('purchase-summary')).toBeVisible();
}

test.describe('the order confirmation, along the paths of its machine', () => {
  for (const path of orderConfirmationPlan.paths) {
    test(path.name, async ({ page }) => {
      const orders = await activeUsOrders(page);
      const answers = path.events as Answer[];
      const request = (path.input as { request: ConfirmationRequest }).request;
      await serveOrder(page, answers[0]);
      await page.goto(addressFor(request, orderIdFor(answers[0], orders), orders.sale.skuId));
      await expectState(page, path.expected[0]!, path.events.length === 0, orders.firstName);
      for (const [i, event] of path.events.entries()) {
        const after = path.expected[i + 1]!;
        await test.step(`${event.type} → ${after.status === 'done' ? 'left' : JSON.stringify(after.value)}`, async () => {
          await drive(page, event, answers[i + 1]);
          await expectState(page, after, i + 1 === path.events.length, orders.firstName);
        });
      }
    });
  }
});
