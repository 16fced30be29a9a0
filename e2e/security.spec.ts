/**
 * The card frame's side of the frame-message protocol, in a real browser: it posts only to the
 * parent origin it was given (never '*'), and it takes SKU-UPDATED only from that parent, well
 * formed. What that changes is observable: the SKU the frame sends when the person pays.
 *
 * The frame's own origin is where it trusts its parent by default, and CSP frame-ancestors keeps
 * strangers from framing it at all. The case where the origin check in card-frame.js is the only
 * guard is a shop on another origin (APP_ORIGINS): then a page on the frame's own origin may
 * frame it, but must not steer it. This spec starts a server of its own with that setting, on a
 * fresh database, and a bare shop page on another loopback port. The frame's claims and payment
 * calls are answered in the browser, so nothing is paid and no persona is touched.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
import { createScratchDatabase, dropScratchDatabase } from '../scripts/scratch-database';
import { TEST_CARDS, futureExpiry } from './support';

const ORIGINAL_SKU = 103;
const OTHER_SKU = 104;

let server: ChildProcess;
let shop: Server;
let dataDir: string;
/** A new database on the PostgreSQL server the browser suites run on, when they run on one. */
let databaseUrl = '';
/** Where the frame is served: its own origin. */
let frameOrigin: string;
/** The configured shop that embeds the frame: a bare page on another loopback port. */
let shopOrigin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A server of its own starts here (a fresh database, migrated and seeded): on a loaded machine
  // that can take longer than one test may, and the hook shares the test's timeout. On PostgreSQL,
  // as the suites run under `npm test`, it starts several times faster than on a new PGlite.
  test.setTimeout(180_000);
  shop = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop checkout</title></head><body><main></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const shopAddress = shop.address();
  shopOrigin = `http://127.0.0.1:${typeof shopAddress === 'object' && shopAddress ? shopAddress.port : 0}`;

  const port = await freePort();
  frameOrigin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-security-'));
  databaseUrl = process.env.DATABASE_URL ? await createScratchDatabase() : '';
  server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    APP_ORIGINS: shopOrigin,
  });
  await waitForHttp(`${frameOrigin}/api/health`, 170_000, server);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  if (shop) await new Promise((resolve) => shop.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropScratchDatabase(databaseUrl);
});

/**
 * Opens `url` and mounts the card frame in it, told its parent is the shop; the page records
 * every message the frame sends it.
 */
async function openParent(page: Page, url: string) {
  await page.goto(url);
  const src = `${frameOrigin}/sandbox/card-frame?${new URLSearchParams({ skuId: String(ORIGINAL_SKU), sessionGuid: randomUUID(), lang: 'en-US', parentOrigin: shopOrigin })}`;
  await page.evaluate((frameSrc) => {
    const w = window as unknown as { received: { origin: string; type: unknown }[] };
    w.received = [];
    const iframe = document.createElement('iframe');
    iframe.id = 'card';
    iframe.title = 'Card details';
    iframe.src = frameSrc;
    iframe.style.cssText = 'width:480px;height:480px;border:0';
    addEventListener('message', (event) => {
      if (event.source === iframe.contentWindow)
        w.received.push({ origin: event.origin, type: (event.data as { type?: unknown } | null)?.type });
    });
    (document.querySelector('main') ?? document.body).append(iframe);
  }, src);
  const frame = page.frameLocator('#card');
  await expect(frame.locator('#pay')).toBeVisible();
  return frame;
}

/** The frame's calls answered in the browser: a signed-in claim, and a payment that is only recorded. */
async function recordPayments(context: BrowserContext): Promise<{ skuIds: number[] }> {
  const paid = { skuIds: [] as number[] };
  await context.route('**/api/users/claims', (route) =>
    route.fulfill({ json: { Role: 'user', UserUID: randomUUID() } }),
  );
  await context.route('**/api/payments', async (route) => {
    paid.skuIds.push((route.request().postDataJSON() as { sku_id: number }).sku_id);
    await route.fulfill({ json: { PaymentStatus: 'FAIL', FailureCode: 'card_declined' } });
  });
  return paid;
}

const sendToFrame = (page: Page, messages: unknown[]) =>
  page.evaluate((list) => {
    const target = (document.getElementById('card') as HTMLIFrameElement).contentWindow!;
    for (const message of list) target.postMessage(message, '*');
  }, messages);

/** Pays with the success test card and resolves with the SKU the frame sent. */
async function payAndReadSku(page: Page, paid: { skuIds: number[] }): Promise<number> {
  const frame = page.frameLocator('#card');
  await frame.locator('#card-number').fill(TEST_CARDS.success);
  await frame.locator('#card-expiry').fill(futureExpiry());
  await frame.locator('#card-cvc').fill('123');
  await frame.locator('#pay').click();
  await expect.poll(() => paid.skuIds.length).toBe(1);
  return paid.skuIds[0]!;
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: { origin: string; type: string }[] }).received);

test('the configured parent gets the frame messages, and a well-formed SKU-UPDATED from it changes what is paid for', async ({
  page,
  context,
}) => {
  const paid = await recordPayments(context);
  await openParent(page, `${shopOrigin}/checkout`);
  await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain('PAGE-LOADED');
  expect((await received(page)).every((m) => m.origin === frameOrigin)).toBe(true);

  await sendToFrame(page, [{ type: 'SKU-UPDATED', payload: { skuId: OTHER_SKU } }]);
  expect(await payAndReadSku(page, paid)).toBe(OTHER_SKU);
});

test('a malformed SKU-UPDATED from the configured parent is ignored', async ({ page, context }) => {
  const paid = await recordPayments(context);
  await openParent(page, `${shopOrigin}/checkout`);
  await sendToFrame(page, [
    'SKU-UPDATED',
    null,
    [OTHER_SKU],
    { type: 'SKU-UPDATED' },
    { type: 'SKU-UPDATED', payload: null },
    { type: 'SKU-UPDATED', payload: { skuId: 'one hundred' } },
    { type: 'SKU-UPDATED', payload: { skuId: -OTHER_SKU } },
    { type: 'SKU-UPDATED', payload: { skuId: 0 } },
    { type: 'SKU-UPDATED', payload: { skuId: 104.5 } },
    { type: 'SKU-UPDATED', payload: { skuId: Number.MAX_VALUE } },
    { type: 'SKU-UPDATED', payload: { skuId: true } },
    { type: 'SKU-UPDATED', payload: { skuId: [OTHER_SKU] } },
    { type: 'SKU-UPDATED', payload: { skuId: `${OTHER_SKU}` } },
    { type: 'sku-updated', payload: { skuId: OTHER_SKU } },
    { type: 'SKU-UPDATED ', payload: { skuId: OTHER_SKU } },
    { type: 'PAYMENT-SUCCESS', payload: { skuId: OTHER_SKU } },
  ]);
  expect(await payAndReadSku(page, paid)).toBe(ORIGINAL_SKU);
});

test("a parent on another origin (the frame's own: its dashboard) hears nothing from the frame and cannot change its SKU", async ({
  page,
  context,
}) => {
  const paid = await recordPayments(context);
  await openParent(page, `${frameOrigin}/dashboard`);
  // The frame has loaded and posted PAGE-LOADED and RESIZE-IFRAME by now: to the shop, not to this page.
  await expect(page.frameLocator('#card').locator('#card-number')).toBeEditable();
  await sendToFrame(page, [{ type: 'SKU-UPDATED', payload: { skuId: OTHER_SKU } }]);
  expect(await payAndReadSku(page, paid)).toBe(ORIGINAL_SKU);
  // The frame posted SHOW-LOADER, PAYMENT-FAILURE and HIDE-LOADER around the payment; none arrived here.
  expect(await received(page)).toEqual([]);
});
