/**
 * Analytics in the running app (§5 consent, §7 events): with the events API down, a
 * `screen viewed` event waits in storage across a reload and arrives exactly once when the
 * API is back; with analytics consent refused nothing is sent. Desktop only.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiPath } from './support';

const QUEUE_KEY = 'rp.analytics.queue';
const CANCELLATION = '/payment/cancellation/request';
const PRICING = '/payment/pricing';
const EVENTS_URL = (url: URL) => url.pathname === apiPath('events');

interface StoredEvent {
  id: string;
  body: { user_id: string; event_name: string; props: Record<string, unknown> };
  leaseUntil?: number;
}

/** Runs in the page before its scripts, on every load. */
const storeConsent = (analytics: boolean) =>
  localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics, personalization: true } }));

async function storedEvents(page: Page): Promise<StoredEvent[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as StoredEvent[], QUEUE_KEY);
}

const screenViews = (events: StoredEvent[]) => events.filter((e) => e.body.event_name === 'screen viewed');

test('a screen-viewed event survives a reload while the API is down and arrives once it is back', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(storeConsent, true);

  let apiUp = false;
  const failed: string[] = [];
  const delivered: StoredEvent['body'][] = [];
  await page.route(EVENTS_URL, async (route) => {
    const body = route.request().postDataJSON() as StoredEvent['body'];
    if (!apiUp) {
      failed.push(body.event_name);
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'unavailable', message: 'down' }),
      });
      return;
    }
    const response = await route.fetch();
    if (response.ok()) delivered.push(body);
    await route.fulfill({ response });
  });

  await page.goto(CANCELLATION);
  // Six tries, 500 ms apart, then the event is kept in storage with no page sending it.
  await expect.poll(() => failed.filter((n) => n === 'screen viewed').length, { timeout: 10_000 }).toBe(6);
  await expect
    .poll(async () => screenViews(await storedEvents(page)).filter((e) => e.leaseUntil === undefined).length)
    .toBe(1);
  const [first] = screenViews(await storedEvents(page));
  expect(first!.body.props).toMatchObject({ page_code: 'CancellationRequest', path: CANCELLATION });
  expect(first!.body.user_id).toBe('00000000-0000-0000-0000-000000000000');

  // Reload with the API still down: the first event is still stored, and the new page's joins it.
  await page.reload();
  await expect.poll(async () => screenViews(await storedEvents(page)).length).toBe(2);
  expect((await storedEvents(page)).map((e) => e.id)).toContain(first!.id);
  expect(delivered).toEqual([]);

  // The API is back: the next flush (here on `online`, else the 10 s timer) delivers everything.
  apiUp = true;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(() => delivered.filter((b) => b.event_name === 'screen viewed').length, { timeout: 25_000 })
    .toBe(2);
  await expect.poll(async () => (await storedEvents(page)).length).toBe(0);

  // Nothing is sent twice, even after more flushes.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1_000);
  const views = delivered.filter((b) => b.event_name === 'screen viewed');
  expect(views).toHaveLength(2);
  for (const body of views) expect(body.props).toMatchObject({ page_code: 'CancellationRequest', path: CANCELLATION });
});

test('with analytics consent refused no event is sent', async ({ page }) => {
  await page.addInitScript(storeConsent, false);
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && EVENTS_URL(new URL(request.url()))) posts.push(request);
  });

  await page.goto(CANCELLATION);
  await page.waitForLoadState('networkidle');
  await page.goto(PRICING);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1_500);

  expect(posts).toHaveLength(0);
  expect(await storedEvents(page)).toEqual([]);
});

test("the app's machines report their steps for the flow explorer: a page's first steps go in few requests, and the server records each", async ({
  page,
  request,
}) => {
  await page.addInitScript(storeConsent, true);
  const FLOWS_URL = (url: URL) => url.pathname === apiPath('flows/transitions');
  // The app's request bodies are streamed, out of the browser's sight: the server's answers say what each held.
  const answers: { status: number; recorded: number; duplicates: number }[] = [];
  page.on('response', async (r) => {
    if (r.request().method() !== 'POST' || !FLOWS_URL(new URL(r.url()))) return;
    const body = (await r.json().catch(() => ({}))) as { recorded?: number; duplicates?: number };
    answers.push({ status: r.status(), recorded: body.recorded ?? 0, duplicates: body.duplicates ?? 0 });
  });
  const countsBefore = await request.get(apiPath('flows/machines'));
  const visitsOf = async (response: Awaited<typeof countsBefore>, machine: string) =>
    ((await response.json()) as { machines: { name: string; visits: number }[] }).machines.find(
      (m) => m.name === machine,
    )?.visits ?? 0;
  const startupVisitsBefore = await visitsOf(countsBefore, 'startupAccess');

  await page.goto(PRICING);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => answers.reduce((n, a) => n + a.recorded, 0), { timeout: 15_000 }).toBeGreaterThan(2);
  await page.waitForTimeout(500);

  const recorded = answers.reduce((n, a) => n + a.recorded, 0);
  expect(answers.every((a) => a.status >= 200 && a.status < 300)).toBe(true);
  expect(
    answers.reduce((n, a) => n + a.duplicates, 0),
    'each step is sent once',
  ).toBe(0);
  expect(answers.length, `${recorded} steps in ${answers.length} requests`).toBeLessThan(recorded);
  // At least this visit's start-up is among the visits the explorer counts.
  expect(await visitsOf(await request.get(apiPath('flows/machines')), 'startupAccess')).toBeGreaterThan(
    startupVisitsBefore,
  );
});
