/**
 * The flow explorer at /flows (issue #16): after 2000 visits of the purchase funnel are recorded
 * through the app's own API, the explorer draws purchaseFunnel with the counts on its edges, the
 * same numbers as the raw transitions (a direct SQL count when the run has a PostgreSQL database,
 * and always the visits this spec sent), a state's drop-off, the CSV export, the coverage overlay,
 * axe, and the token gate. Desktop only: an internal tool.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import pg from 'pg';
import { machines } from '../machines';
import { initialLeafId } from '../machines/flow-edges';
import { API_BASE } from './support/api';
import { axeViolations, isSerious } from './support/axe';

test.skip(({ isMobile }) => isMobile, 'An internal tool: the desktop project covers it.');

const MACHINE = 'purchaseFunnel';
const VISITS = 2000;

interface Edge {
  from: string | null;
  event: string;
  to: string;
}
const keyOf = (e: Edge) => `${e.from ?? '(start)'} --${e.event}--> ${e.to}`;

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * Visits of one machine as its recorder would report them: the start, then random transitions the
 * live definition has (a state's own and its ancestors'), each target resolved to the state it
 * rests in, until an end, a drop-off, or twelve steps.
 */
function walkVisits(machineName: string, count: number, seed: number) {
  const machine = machines[machineName]!;
  const outgoing = new Map<string, Edge[]>();
  const initialOf = new Map<string, string>();
  const finals = new Set<string>();
  const visit = (node: DirectedGraphNode) => {
    const state = node.stateNode;
    if (state.type === 'final') finals.add(node.id);
    if (state.type === 'compound' && state.initial?.target[0]) initialOf.set(node.id, state.initial.target[0].id);
    for (const e of node.edges) {
      const list = outgoing.get(e.source.id) ?? [];
      list.push({ from: e.source.id, event: e.transition.eventType, to: e.target.id });
      outgoing.set(e.source.id, list);
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  const restingIn = (id: string): string => (initialOf.has(id) ? restingIn(initialOf.get(id)!) : id);
  const available = (leaf: string) => {
    const parts = leaf.split('.');
    return parts.flatMap((_, i) => outgoing.get(parts.slice(0, parts.length - i).join('.')) ?? []);
  };
  const next = random(seed);
  const visits: Edge[][] = [];
  for (let v = 0; v < count; v += 1) {
    const start = initialLeafId(machine);
    const steps: Edge[] = [{ from: null, event: 'xstate.init', to: start }];
    let here = start;
    for (let step = 0; step < 12 && !finals.has(here) && next() > 0.12; step += 1) {
      const choices = available(here);
      if (choices.length === 0) break;
      const edge = choices[Math.floor(next() * choices.length)]!;
      steps.push(edge);
      here = restingIn(edge.to);
    }
    visits.push(steps);
  }
  return visits;
}

/** What a SQL count of the raw transitions gives for those visits: per edge, and per state the visits that ended there. */
function expectedCounts(visits: Edge[][]) {
  const edges = new Map<string, number>();
  const dropOff = new Map<string, number>();
  for (const steps of visits) {
    for (const e of steps) edges.set(keyOf(e), (edges.get(keyOf(e)) ?? 0) + 1);
    const last = steps[steps.length - 1]!.to;
    dropOff.set(last, (dropOff.get(last) ?? 0) + 1);
  }
  return { edges, dropOff };
}

async function record(request: APIRequestContext, visits: Edge[][], segment: { country: string; day: string }) {
  const transitions = visits.flatMap((steps) => {
    const flowId = randomUUID();
    return steps.map((e, seq) => ({
      id: randomUUID(),
      machine: MACHINE,
      flowId,
      seq,
      from: e.from,
      event: e.event,
      to: e.to,
      at: `${segment.day}T12:${String(seq).padStart(2, '0')}:00.000Z`,
      segment: { country: segment.country, device: 'desktop', userType: 'ACTV', variations: {} },
    }));
  });
  for (let i = 0; i < transitions.length; i += 100) {
    const response = await request.post(`${API_BASE}/flows/transitions`, { data: { transitions: transitions.slice(i, i + 100) } });
    expect(response.status(), await response.text()).toBe(202);
  }
  return transitions.length;
}

/** The edge counts of the raw transitions, straight from the database, when the run has a PostgreSQL one. */
async function sqlEdgeCounts(country: string, day: string): Promise<Map<string, number> | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ from_state: string | null; event: string; to_state: string; n: string }>(
      `select t.from_state, t.event, t.to_state, count(*) as n from flow_transitions t join flow_segments s using (segment_id)
        where t.machine = $1 and s.country = $2 and (t.at at time zone 'UTC')::date = $3::date group by 1, 2, 3`,
      [MACHINE, country, day],
    );
    return new Map(rows.map((r) => [keyOf({ from: r.from_state, event: r.event, to: r.to_state }), Number(r.n)]));
  } finally {
    await client.end();
  }
}

/** The count column of the explorer's transitions table, by edge key. */
async function shownEdgeCounts(page: Page) {
  const rows = page.getByTestId('edge-row');
  const keys = await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-key')!, Number(tr.querySelector('[data-testid="edge-count"]')!.textContent)] as const));
  return new Map(keys);
}

// One country code of the user-assigned range and one past day per run: the filter sees only this run's visits.
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const COUNTRY = `X${letters[Math.floor(Math.random() * 26)]}`;
const DAY = new Date(Date.now() - (3 + Math.floor(Math.random() * 25)) * 86_400_000).toISOString().slice(0, 10);
const SEED = Math.floor(Math.random() * 1e9);
const VISIT_WALKS = walkVisits(MACHINE, VISITS, SEED);
const EXPECTED = expectedCounts(VISIT_WALKS);
const explorerUrl = `/flows?machine=${MACHINE}&from=${DAY}&to=${DAY}&country=${COUNTRY}`;

test.describe.serial('flow explorer', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL });
    const sent = await record(request, VISIT_WALKS, { country: COUNTRY, day: DAY });
    await request.dispose();
    console.log(`flows-explorer: ${VISITS} visits (${sent} transitions, seed ${SEED}) recorded for ${COUNTRY} on ${DAY}`);
  });

  test('draws purchaseFunnel with the recorded counts on its edges, as SQL counts them; a drop-off and the CSV agree', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(explorerUrl);
    await expect(page.getByRole('heading', { level: 1, name: `Flow explorer: ${MACHINE}` })).toBeVisible();
    const graph = page.getByTestId('flow-graph').locator('svg');
    await expect(graph).toBeVisible({ timeout: 10_000 });

    const shown = await shownEdgeCounts(page);
    const sql = await sqlEdgeCounts(COUNTRY, DAY);
    for (const [key, count] of EXPECTED.edges) {
      expect(shown.get(key), key).toBe(count);
      if (sql) expect(sql.get(key), `SQL ${key}`).toBe(count);
    }
    if (sql) expect([...sql.values()].reduce((a, b) => a + b, 0)).toBe([...shown.values()].reduce((a, b) => a + b, 0));
    expect([...shown.values()].filter((n) => n > 0).length).toBeGreaterThan(3);
    // The graph's labels carry the same count as the table, edge by edge.
    const busiest = [...EXPECTED.edges].sort((a, b) => b[1] - a[1])[0]!;
    await expect(graph.locator(`g.edge[data-key="${busiest[0]}"] .count`)).toHaveText(new RegExp(`^${busiest[1].toLocaleString('en-US')}`));

    // Drop-off: the visits whose last state was this one.
    const [state, ended] = [...EXPECTED.dropOff].sort((a, b) => b[1] - a[1])[0]!;
    const row = page.locator(`[data-testid="state-row"][data-state="${state}"]`);
    await expect(row.getByTestId('state-dropoff')).toHaveText(String(ended));

    // The CSV export has the same numbers.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-edges-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8').trim().split(/\r\n/);
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
    const busiest = [...EXPECTED.edges].filter(([key]) => !key.startsWith('(start)')).sort((a, b) => b[1] - a[1])[0]![0];
    await page.route('**/flows/coverage.json', async (route) => {
      const report = (await (await route.fetch()).json()) as { machines: { machine: string; edges?: { key: string; browser: boolean | null }[] }[] };
      const funnel = report.machines.find((m) => m.machine === MACHINE)!;
      expect(funnel.edges, 'coverage.json lists each edge').toBeDefined();
      for (const e of funnel.edges!) if (e.key === busiest) e.browser = false;
      await route.fulfill({ json: report });
    });
    await page.goto(explorerUrl);
    const edge = page.getByTestId('flow-graph').locator(`g.edge[data-key="${busiest}"]`);
    await expect(edge).toHaveClass(/no-browser/);
    await expect(page.locator(`[data-testid="edge-row"][data-key="${busiest}"]`).getByTestId('edge-browser')).toHaveText('no');
  });

  test('the list and a machine pass axe, and the keyboard reaches a machine and its filters', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/flows');
    await expect(page.getByTestId(`machine-row-${MACHINE}`)).toBeVisible();
    // The compliance checklist: one pass-or-fail row per rule read from the graphs.
    await expect(page.getByTestId('compliance-row')).toHaveCount(3);
    for (const cell of await page.getByTestId('compliance-row').locator('td:nth-child(2)').allTextContents()) expect(cell).toMatch(/^(✓ pass|✗ fail)$/);
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    await page.getByRole('link', { name: MACHINE, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/machine=purchaseFunnel/);
    await expect(page.getByTestId('flow-graph').locator('svg')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    // A segment filter from the keyboard goes into the address.
    await page.getByTestId('filter-device').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'desktop' }).press('Enter');
    await expect(page).toHaveURL(/device=desktop/);
  });

  test('with FLOWS_TOKEN set, /flows needs the token, and /flows?token= lets the page in', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    // A second server with the explorer switched on in production and a token: the suite's own runs without one.
    // On the suite's PostgreSQL database when there is one (already migrated: it starts in moments), else on a new PGlite folder.
    const dataDir = mkdtempSync(join(tmpdir(), 'rp-flows-token-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: process.env.E2E_DATABASE_URL ?? '', NODE_ENV: 'production', FLOWS_EXPLORER: '1', FLOWS_TOKEN: 'e2e-flows-token', LOG_LEVEL: 'error', DB_STARTUP_WAIT_MS: '0', RENEWAL_EVERY_SECONDS: '0' },
      stdio: 'ignore',
    });
    try {
      const other = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(`${other}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] }).toBe(200);
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
