/**
 * The flow explorer at /flows (issue #16): after `npm run traffic`'s 2000 visitors (runTraffic)
 * are recorded through the app's own API, the explorer draws purchaseFunnel with the counts on its
 * edges, the same numbers as the raw transitions (a direct SQL count when the run has a PostgreSQL
 * database, and always the transitions the traffic sent), a state's drop-off, the CSV export, the
 * coverage overlay, axe, and the token gate. Desktop only (no @mobile tag): an internal tool.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { runTraffic } from '../scripts/traffic';
import type { FlowTransition } from '../src/api/schemas/flows';
import { API_BASE } from './support/api';
import { axeViolations, isSerious } from './support/axe';

const MACHINE = 'purchaseFunnel';
const VISITS = 2000;

interface Edge {
  from: string | null;
  event: string;
  to: string;
}
const keyOf = (e: Edge) => `${e.from ?? '(start)'} --${e.event}--> ${e.to}`;

/** What a SQL count of the raw transitions gives for the traffic's purchaseFunnel visits: per edge, and per state the visits that ended there. */
function expectedCounts(transitions: FlowTransition[]) {
  const edges = new Map<string, number>();
  const lastOf = new Map<string, FlowTransition>();
  for (const t of transitions) {
    if (t.machine !== MACHINE) continue;
    edges.set(keyOf(t), (edges.get(keyOf(t)) ?? 0) + 1);
    const last = lastOf.get(t.flowId);
    if (!last || t.seq > last.seq) lastOf.set(t.flowId, t);
  }
  const dropOff = new Map<string, number>();
  for (const t of lastOf.values()) dropOff.set(t.to, (dropOff.get(t.to) ?? 0) + 1);
  return { edges, dropOff, visits: lastOf.size };
}

/** The edge counts of the raw transitions, straight from the database, when the run has a PostgreSQL one. */
async function sqlEdgeCounts(from: string, to: string): Promise<Map<string, number> | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ from_state: string | null; event: string; to_state: string; n: string }>(
      `select from_state, event, to_state, count(*) as n from flow_transitions
        where machine = $1 and (at at time zone 'UTC')::date between $2::date and $3::date group by 1, 2, 3`,
      [MACHINE, from, to],
    );
    return new Map(rows.map((r) => [keyOf({ from: r.from_state, event: r.event, to: r.to_state }), Number(r.n)]));
  } finally {
    await client.end();
  }
}

/** The count column of the explorer's transitions table, by edge key. */
async function shownEdgeCounts(page: Page) {
  const rows = page.getByTestId('edge-row');
  const keys = await rows.evaluateAll((trs) =>
    trs.map(
      (tr) =>
        [tr.getAttribute('data-key')!, Number(tr.querySelector('[data-testid="edge-count"]')!.textContent)] as const,
    ),
  );
  return new Map(keys);
}

// The traffic is dated ten to twelve days ago, so the range sees it alone: the rest of the suite records today.
const NOW = Date.now() - 10 * 86_400_000;
const FROM = new Date(NOW - 3 * 86_400_000).toISOString().slice(0, 10);
const TO = new Date(NOW).toISOString().slice(0, 10);
const explorerUrl = `/flows?machine=${MACHINE}&from=${FROM}&to=${TO}`;
let EXPECTED: ReturnType<typeof expectedCounts>;

test.describe.serial('flow explorer', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    test.setTimeout(180_000);
    // RECORD's synthetic traffic (npm run traffic), posted through the app's API by a signed-in
    // person (guests are rate-limited), every transition kept to know what was sent.
    const request = await playwright.request.newContext({ baseURL });
    expect(
      (await request.get(`${API_BASE}/demo/session?persona=active-us&next=/dashboard`, { maxRedirects: 0 })).status(),
    ).toBe(302);
    const sent: FlowTransition[] = [];
    const result = await runTraffic({
      visits: VISITS,
      seed: 16,
      days: 2,
      now: NOW,
      send: async (transitions) => {
        const response = await request.post(`${API_BASE}/flows/transitions`, { data: { transitions } });
        expect(response.status(), await response.text()).toBe(202);
        sent.push(...transitions);
      },
    });
    await request.dispose();
    EXPECTED = expectedCounts(sent);
    console.log(
      `flows-explorer: ${result.visits} visits, ${result.transitions} transitions (${EXPECTED.visits} purchaseFunnel visits) from ${FROM} to ${TO} in ${result.ms} ms`,
    );
  });

  test('draws purchaseFunnel with the recorded counts on its edges, as SQL counts them; a drop-off and the CSV agree', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto(explorerUrl);
    await expect(page.getByRole('heading', { level: 1, name: `Flow explorer: ${MACHINE}` })).toBeVisible();
    const graph = page.getByTestId('flow-graph').locator('svg');
    await expect(graph).toBeVisible({ timeout: 10_000 });

    const shown = await shownEdgeCounts(page);
    const sql = await sqlEdgeCounts(FROM, TO);
    for (const [key, count] of EXPECTED.edges) {
      expect(shown.get(key), key).toBe(count);
      if (sql) expect(sql.get(key), `SQL ${key}`).toBe(count);
    }
    if (sql) expect([...sql.values()].reduce((a, b) => a + b, 0)).toBe([...shown.values()].reduce((a, b) => a + b, 0));
    expect([...shown.values()].filter((n) => n > 0).length).toBeGreaterThan(3);
    // The graph's labels carry the same count as the table, edge by edge.
    const busiest = [...EXPECTED.edges].sort((a, b) => b[1] - a[1])[0]!;
    await expect(graph.locator(`g.edge[data-key="${busiest[0]}"] .count`)).toHaveText(
      new RegExp(`^${busiest[1].toLocaleString('en-US')}`),
    );

    // Drop-off: the visits whose last state was this one.
    const [state, ended] = [...EXPECTED.dropOff].sort((a, b) => b[1] - a[1])[0]!;
    const row = page.locator(`[data-testid="state-row"][data-state="${state}"]`);
    await expect(row.getByTestId('state-dropoff')).toHaveText(String(ended));

    // The CSV export has the same numbers.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-edges-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe('from,event,to,count');
    const fromCsv = new Map<string, number>(
      csv.slice(1).map((line) => {
        const [from, event, to, count] = line.split(',');
        return [`${from} --${event}--> ${to}`, Number(count)];
      }),
    );
    for (const [key, count] of EXPECTED.edges) expect(fromCsv.get(key), `CSV ${key}`).toBe(count);
  });

  test('the coverage overlay marks a transition no browser path takes', async ({ page }) => {
    // The report as `npm run coverage:paths` writes it once a browser path that took the busiest edge is removed.
    const busiest = [...EXPECTED.edges]
      .filter(([key]) => !key.startsWith('(start)'))
      .sort((a, b) => b[1] - a[1])[0]![0];
    await page.route('**/flows/coverage.json', async (route) => {
      const report = (await (await route.fetch()).json()) as {
        machines: { machine: string; edges?: { key: string; browser: boolean | null }[] }[];
      };
      const funnel = report.machines.find((m) => m.machine === MACHINE)!;
      expect(funnel.edges, 'coverage.json lists each edge').toBeDefined();
      for (const e of funnel.edges!) if (e.key === busiest) e.browser = false;
      await route.fulfill({ json: report });
    });
    await page.goto(explorerUrl);
    const edge = page.getByTestId('flow-graph').locator(`g.edge[data-key="${busiest}"]`);
    await expect(edge).toHaveClass(/no-browser/);
    await expect(
      page.locator(`[data-testid="edge-row"][data-key="${busiest}"]`).getByTestId('edge-browser'),
    ).toHaveText('no');
  });

  test('the list and a machine pass axe, and the keyboard reaches a machine and its filters', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/flows');
    await expect(page.getByTestId(`machine-row-${MACHINE}`)).toBeVisible();
    // The compliance checklist: one pass-or-fail row per rule read from the graphs.
    await expect(page.getByTestId('compliance-row')).toHaveCount(3);
    for (const cell of await page.getByTestId('compliance-row').locator('td:nth-child(2)').allTextContents())
      expect(cell).toMatch(/^(✓ pass|✗ fail)$/);
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    await page.getByRole('link', { name: MACHINE, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/machine=purchaseFunnel/);
    await expect(page.getByTestId('flow-graph').locator('svg')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    // The variation filter names each experiment once, from configuration, with the variations it has.
    await page.getByTestId('filter-variation').getByRole('button').click();
    const listbox = page.getByRole('listbox');
    const groups = await listbox.getByRole('group').evaluateAll((sections) =>
      sections.map((g) => ({
        name:
          g.getAttribute('aria-label') ?? document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent,
        options: [...g.querySelectorAll('[role=option]')].map((o) => o.textContent),
      })),
    );
    const names = groups.map((g) => g.name);
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
    expect(names.some((n) => n?.includes('…'))).toBe(false);
    expect(groups.find((g) => g.name === 'Sell page layout')?.options).toEqual([
      'Variation 1',
      'Variation 2',
      'Variation 3',
      'Variation 4',
      'Variation 5',
      'Variation 6',
    ]);
    expect(groups.find((g) => g.name === 'Cancel flow')?.options).toEqual([
      'Variation 1',
      'Variation 2',
      'Variation 3',
      'Variation 4',
    ]);
    await listbox.getByRole('group', { name: 'Cancel flow' }).getByRole('option', { name: 'Variation 2' }).click();
    await expect(page).toHaveURL(/variation=e1000000-0000-4000-8000-000000000002%3A2/);
    await expect(page.getByTestId('filter-variation').getByRole('button')).toContainText('Cancel flow: variation 2');
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect(page).not.toHaveURL(/variation=/);

    // A segment filter from the keyboard goes into the address.
    await page.getByTestId('filter-device').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'desktop' }).press('Enter');
    await expect(page).toHaveURL(/device=desktop/);
  });

  test('the graph fits the screen on open; the buttons, the keys, Ctrl + wheel and a drag zoom and move it, and each zoom is said', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(explorerUrl);
      const region = page.getByRole('region', { name: `Graph of ${MACHINE}` });
      const svg = region.locator('svg');
      await expect(svg).toBeVisible({ timeout: 10_000 });
      // All of the graph shows at once: before, its natural 3,946 px opened on its left third.
      const fitted = (await svg.boundingBox())!;
      expect(fitted.x, `${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(fitted.x + fitted.width, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(fitted.height, `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
      const status = page.getByTestId('graph-zoom-status');
      await expect(status).toHaveText(/^Fitted to the screen: \d+ %$/);
      await expect(status).toHaveAttribute('role', 'status');
      await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
      const width = async () => (await svg.boundingBox())!.width;

      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(width).toBeCloseTo(fitted.width * 1.25, 0);
      await expect(status).toHaveText(/^Zoomed in: \d+ %$/);
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(width).toBeCloseTo(fitted.width, 0);
      await expect(status).toHaveText(/^Zoomed out: \d+ %$/);

      // The keyboard, on the focused graph: + zooms in, the arrow keys move it, 0 fits it again.
      await region.focus();
      await page.keyboard.press('+');
      await page.keyboard.press('+');
      await expect.poll(width).toBeCloseTo(fitted.width * 1.25 * 1.25, 0);
      const scrolled = () => region.evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
      const before = await scrolled();
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await scrolled()).left).toBeGreaterThan(before.left);
      await page.keyboard.press('-');
      await expect.poll(width).toBeCloseTo(fitted.width * 1.25, 0);
      await page.keyboard.press('0');
      await expect.poll(width).toBeCloseTo(fitted.width, 0);
      await expect(status).toHaveText(/^Fitted to the screen: \d+ %$/);

      if (viewport.width > 600) {
        // Ctrl + wheel (a trackpad's pinch sends the same) zooms at the pointer; a drag moves the graph.
        const box = (await region.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.keyboard.down('Control');
        await page.mouse.wheel(0, -400);
        await page.keyboard.up('Control');
        await expect.poll(width).toBeGreaterThan(fitted.width * 1.5);
        const start = await scrolled();
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 20, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => (await scrolled()).left).toBeGreaterThan(start.left + 100);
      }
    }
  });

  test('the compliance table splits no word across lines, on a desktop and a phone, and its count agrees with its list', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/flows');
      const table = page.getByTestId('compliance');
      await expect(table.getByTestId('compliance-row')).toHaveCount(3);
      // Every word of every cell: a word drawn in more than one line box was split ("Res / ult", "pas / s").
      const split = await table.evaluate((root) => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of node.textContent!.matchAll(/[\p{L}\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(word[0]);
          }
        }
        return broken;
      });
      expect(split, `${viewport.width} px wide`).toEqual([]);
    }
    const detail = await page
      .locator('[data-testid="compliance-row"][data-rule="click-to-cancel"] td')
      .last()
      .textContent();
    const [, count, list] = /^(\d+) moves at worst: (.*)$/.exec(detail!)!;
    const listed = list!.split(', ').map((step) => Number(step.split(' ').pop()));
    expect(
      listed.reduce((a, b) => a + b, 0),
      detail!,
    ).toBe(Number(count));
  });

  test('with FLOWS_TOKEN set, /flows needs the token, and /flows?token= lets the page in', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // A second server with the explorer switched on in production and a token: the suite's own runs without one.
    // On the suite's PostgreSQL database when there is one (already migrated: it starts in moments), else on a new PGlite folder.
    const dataDir = mkdtempSync(join(tmpdir(), 'rp-flows-token-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        NODE_ENV: 'production',
        FLOWS_EXPLORER: '1',
        FLOWS_TOKEN: 'e2e-flows-token',
        LOG_LEVEL: 'error',
        DB_STARTUP_WAIT_MS: '0',
        RENEWAL_EVERY_SECONDS: '0',
      },
      stdio: 'ignore',
    });
    try {
      const other = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${other}/api/health`).catch(() => null))?.status ?? 0, {
          timeout: 60_000,
          intervals: [250],
        })
        .toBe(200);
      expect((await fetch(`${other}/flows`)).status).toBe(401);
      expect((await fetch(`${other}${API_BASE}/flows/machines`)).status).toBe(401);
      await page.goto(`${other}/flows?token=e2e-flows-token`);
      await expect(page).toHaveURL(`${other}/flows`);
      await expect(page.getByTestId(`machine-row-${MACHINE}`)).toBeVisible();
      await expect(page.getByTestId(`machine-row-${MACHINE}`).getByTestId('visits')).toHaveText(/^\d+$/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(baseURL).toBeTruthy();
  });
});
