/**
 * npm run bench: measures the product and writes bench/results/report.json and report.md.
 * Page figures are judged as ratios to the floor app (the smallest app the required stack
 * allows), measured in the same run, on the same machine; absolute figures are shown beside
 * them. It reports; it never fails the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { measureReadLoad, type LoadFigure } from './api-load';
import { startBenchApp } from './app-server';
import { measureInBrowser } from './browser';
import { BUDGETED_PAGES, BUDGETS } from './budgets';
import { measureBundles } from './bundle';
import { createChecks } from './checks';
import { whyNotJudged, type FetchedScriptsFigure } from './fetched-scripts';
import { buildFloorApp } from './floor-app';
import { CLICKS_PER_INTERACTION, CPU_SLOWDOWN } from './interaction';
import { INTERACTION_ROUNDS } from './interaction-rounds';
import { PAYMENT_WINDOWS } from './payment-windows';
import { measureFlowCounts } from './flows-counts';
import { measurePathGeneration } from './paths';
import { measurePaymentFloor, measurePaymentsAtScale, type PaymentScaleFigure } from './payments-at-scale';
import { withPostgres } from './postgres';
import { ratio } from './ratios';
import { startReferenceServer } from './reference-server';
import type { TraceFigures } from './trace-figures';
import { renderMarkdown, type BenchReport } from './report-md';
import { measureStartup } from './startup';
import { findChromium, run } from '../scripts/lib';
import { STARTUP_SCHEMAS } from '../src/routing/early-pages';

const started = performance.now();
const { checks, check, report: reported } = createChecks();
const chromium = findChromium();
const notMeasured: string[] = [];
const people = Number(process.env.BENCH_PEOPLE ?? 1000);

/** Runs one part of the bench; a part that fails is listed under "not measured" and the others still run. */
async function section(name: string, measure: () => Promise<void>): Promise<void> {
  console.log(`${name}…`);
  try {
    await measure();
  } catch (error) {
    console.error(`  ✗ ${name}: ${String(error).split('\n')[0]}`);
    notMeasured.push(`${name}: ${String(error).split('\n')[0]}`);
  }
}

/**
 * The sell page's JavaScript as the browser fetches it with no interaction, over the floor page's
 * fetched the same way. Judged beside the manifest walk: the walk counts what the first view
 * imports, this counts what the page actually loads (texts, blocks below the fold, widgets).
 */
function judgeFetchedScripts(figures: FetchedScriptsFigure[]) {
  const [floorFetch, sellFetch] = figures;
  for (const f of figures)
    reported(
      `${f.page}: JavaScript fetched before any interaction (gzip KB, ${f.files.length} files)`,
      f.jsGzipKb,
      whyNotJudged(f),
    );
  const note = [floorFetch, sellFetch].map((f) => f && whyNotJudged(f)).find(Boolean);
  const over = floorFetch && sellFetch ? Math.round((sellFetch.jsGzipKb - floorFetch.jsGzipKb) * 10) / 10 : null;
  check(
    `sell page JS fetched by the browser before any interaction, over the floor page's fetched the same way (gzip KB)`,
    over,
    BUDGETS.sellPageJsOverFloorKb,
    { note, withhold: note !== undefined },
  );
}

/**
 * Beside a page's TBT, what its load made the machine do, from the runs' own traces against the
 * floor page's (trace-figures.ts): reported, not judged. Lighthouse's mobile TBT multiplies wall
 * time, so a page whose tasks waited for the CPU shows here as wall time far above thread time.
 */
function reportWorkBehindTbt(name: string, page: TraceFigures | null, floor: TraceFigures | null, note?: string) {
  const of = (t: TraceFigures | null, pick: (t: TraceFigures) => number) => (t ? pick(t) : '—');
  reported(
    `${name}: blocking time by the main thread's CPU time, Lighthouse's rule on thread time instead of wall time (ms; floor page ${of(floor, (t) => t.blockingByThreadTimeMs)})`,
    page?.blockingByThreadTimeMs ?? null,
    note,
  );
  reported(
    `${name}: main-thread CPU (ms) in tasks of ${of(page, (t) => t.mainThreadWallMs)} ms wall; ${of(page, (t) => t.framesDrawn)} frames drawn, ${of(page, (t) => t.requests)} requests (floor page: ${of(floor, (t) => t.mainThreadMs)} ms CPU in ${of(floor, (t) => t.mainThreadWallMs)} ms wall, ${of(floor, (t) => t.framesDrawn)} frames, ${of(floor, (t) => t.requests)} requests)`,
    page?.mainThreadMs ?? null,
    note,
  );
}

const report: BenchReport = {
  generatedAt: new Date().toISOString(),
  machine: {
    platform: `${platform()} ${release()}`,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round(freemem() / 2 ** 30),
    node: process.version,
    chromium: chromium ?? null,
    chromiumVersion: chromium ? spawnSync(chromium, ['--version'], { encoding: 'utf8' }).stdout.trim() || null : null,
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || null,
  },
  checks,
  notMeasured,
};

const scratch = mkdtempSync(join(tmpdir(), 'rp-bench-'));
const distDir = join(scratch, 'dist');
try {
  console.log('Building the front end and the floor app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir']);
  const floor = await buildFloorApp('bench/results', join(scratch, 'floor'));

  console.log('Bundle sizes…');
  // A guest's sell page is drawn whole by the server and loads the app on the visitor's first touch.
  const bundles = measureBundles(
    distDir,
    {
      pricing: { atRest: 'src/features/purchase-funnel/sell-page/SellPage.tsx' },
      checkout: 'src/features/purchase-funnel/checkout/CheckoutPage.tsx',
      'cancellation request': 'src/features/cancellation-request/CancellationRequestPage.tsx',
    },
    STARTUP_SCHEMAS,
  );
  report.bundles = bundles;
  report.floor = { jsGzipKb: floor.jsGzipKb };
  reported(
    'floor app: JavaScript of its first view (gzip KB, same build and manifest walk as the product)',
    floor.jsGzipKb,
  );
  if (Array.isArray(bundles)) {
    const sell = bundles.find((b) => b.route === 'pricing');
    reported(
      `sell page JS before interaction (gzip KB${sell?.atRest ? ', the page at rest' : ''})`,
      sell?.jsGzipKb ?? null,
    );
    if (sell?.atRest)
      reported(
        'sell page JS its first touch loads: the app, by the walk of a page that is not at rest (gzip KB)',
        sell.onFirstTouchJsGzipKb,
      );
    check(
      'sell page JS before interaction by the manifest walk, over the floor app (gzip KB)',
      sell ? Math.round((sell.jsGzipKb - floor.jsGzipKb) * 10) / 10 : null,
      BUDGETS.sellPageJsOverFloorKb,
    );
  } else {
    notMeasured.push(`bundle sizes: ${bundles.missing}`);
  }

  await section('Start-up time', async () => {
    const startup = await measureStartup({ DIST_DIR: distDir, DATA_DIR: join(scratch, 'startup'), DATABASE_URL: '' });
    report.startup = startup;
    reported('start-up to first 200 on /payment/pricing, fresh database (ms)', startup.coldMs);
    reported('start-up to first 200 on /payment/pricing, existing database (ms)', startup.warmMs);
  });

  if (!chromium) {
    notMeasured.push('Lighthouse and interaction latency: no Chromium found (set CHROME_PATH or install chromium)');
  } else {
    await section('Lighthouse and interaction latency', async () => {
      // Personas sign in on a server in demo mode; a guest's sell page is measured as shoppers get it, outside demo mode (drawn at rest).
      const [app, shopper] = await Promise.all([startBenchApp(distDir), startBenchApp(distDir, { shopper: true })]);
      const reference = await startReferenceServer(floor.distDir).catch(async (error: unknown) => {
        await Promise.all([app.stop(), shopper.stop()]);
        throw error;
      });
      try {
        const { lighthouse, interactions, fetchedScripts } = await measureInBrowser(
          { demo: app, shopper },
          reference.base,
          chromium,
          { appDist: distDir, floorDist: floor.distDir },
        );
        report.lighthouse = lighthouse;
        report.interactions = interactions;
        report.fetchedScripts = fetchedScripts;
        judgeFetchedScripts(fetchedScripts);
        const mobileFiguresOf = (name: string) =>
          lighthouse.find((p) => p.page === name)?.presets.find((p) => p.preset === 'mobile');
        const mobileOf = (name: string) => mobileFiguresOf(name)?.median;
        const tbtRunsOf = (name: string) => {
          const range = mobileFiguresOf(name)?.tbtRangeMs;
          return range ? `${range[0]}–${range[1]}` : '—';
        };
        const floorPage = lighthouse.find((p) => p.path === '/floor/');
        const floorMobile = mobileOf('floor app');
        if (!floorPage?.landed || !floorMobile) notMeasured.push('the floor page did not load: no ratio can be judged');
        else
          reported(
            `Lighthouse mobile, floor app: TBT ${floorMobile.tbtMs} ms, LCP ${floorMobile.lcpMs} ms, score ${floorMobile.score}`,
            floorMobile.tbtMs,
          );
        for (const page of lighthouse.filter((p) => p !== floorPage)) {
          const mobile = mobileOf(page.page)!;
          const note = !page.landed
            ? `LANDED ELSEWHERE: ${page.landedOn}, not ${page.path}`
            : page.state === 'not built yet'
              ? 'not built yet: the coming-soon page'
              : page.state === 'unknown'
                ? 'nothing rendered'
                : undefined;
          const name = `Lighthouse mobile, ${page.page} (${page.path}${page.persona ? ` as ${page.persona}` : ''})`;
          if (!(BUDGETED_PAGES as readonly string[]).includes(page.page)) {
            reported(
              `${name}: TBT ${mobile.tbtMs} ms, LCP ${mobile.lcpMs} ms, CLS ${mobile.cls}, score`,
              mobile.score,
              note,
            );
            continue;
          }
          const withhold = note !== undefined;
          check(
            `${name}: TBT over the floor page's (${mobile.tbtMs} ms / ${floorMobile?.tbtMs ?? '—'} ms; runs ${tbtRunsOf(page.page)} / ${tbtRunsOf('floor app')} ms)`,
            ratio(mobile.tbtMs, floorMobile?.tbtMs),
            BUDGETS.tbtRatio,
            { note, withhold },
          );
          check(`${name}: LCP (ms)`, mobile.lcpMs, BUDGETS.lcpMs, { note, withhold });
          check(
            `${name}: LCP over the floor page's (${mobile.lcpMs} ms / ${floorMobile?.lcpMs ?? '—'} ms)`,
            ratio(mobile.lcpMs, floorMobile?.lcpMs),
            BUDGETS.lcpRatio,
            { note, withhold },
          );
          check(`${name}: CLS`, mobile.cls, BUDGETS.cls, { note, withhold });
          reported(`${name}: score`, mobile.score, note);
          reportWorkBehindTbt(
            name,
            mobileFiguresOf(page.page)?.traceMedian ?? null,
            mobileFiguresOf('floor app')?.traceMedian ?? null,
            note,
          );
        }
        const explorer = lighthouse.find((p) => p.page === 'flow explorer');
        const explorerDesktop = explorer?.presets.find((p) => p.preset === 'desktop')?.median;
        check(
          `flow explorer (/flows): first view, LCP with the desktop preset (ms)`,
          explorerDesktop?.lcpMs ?? null,
          BUDGETS.explorerFirstViewMs,
          explorer && !explorer.landed ? { note: `LANDED ELSEWHERE: ${explorer.landedOn}`, withhold: true } : {},
        );
        const floorClick = interactions.find((f) => f.path === '/floor/');
        for (const figure of interactions.filter((f) => f !== floorClick)) {
          const value = figure.state === 'measured' ? figure.medianMs : null;
          const note =
            figure.state === 'measured' ? undefined : figure.state === 'not built yet' ? 'not built yet' : figure.note;
          const name = `click to next paint, ${figure.name} (${figure.path}, CPU ${CPU_SLOWDOWN}× slower, median of ${INTERACTION_ROUNDS * CLICKS_PER_INTERACTION} clicks over ${INTERACTION_ROUNDS} visits)`;
          check(`${name} (ms)`, value, BUDGETS.clickMs, { note });
          check(
            `${name}, over the bare react-aria radio's (${value ?? '—'} ms / ${floorClick?.medianMs ?? '—'} ms)`,
            ratio(value, floorClick?.medianMs),
            BUDGETS.clickRatio,
            { note },
          );
          if (figure.firstTouch) {
            reported(
              `first tap, ${figure.name} at rest (before the app has come; CPU ${CPU_SLOWDOWN}× slower): click to next paint (ms, ${figure.firstTouch.method})`,
              figure.firstTouch.ms,
            );
            reported(
              `first tap, ${figure.name} at rest: until the app had taken the page over (ms, CPU ${CPU_SLOWDOWN}× slower)`,
              figure.firstTouch.takeoverMs,
            );
          }
        }
      } finally {
        await reference.stop();
        await Promise.all([app.stop(), shopper.stop()]);
      }
    });
  }

  const load: LoadFigure[] = [];
  const payments: PaymentScaleFigure[] = [];
  await section('API read load on PGlite (10 s per target, 100 connections)', async () => {
    load.push(
      ...(await measureReadLoad('pglite', { DIST_DIR: distDir, DATA_DIR: join(scratch, 'load'), DATABASE_URL: '' })),
    );
  });
  await section(
    `Payment floor: bare Hono answering ${people} payment-shaped POSTs over 100 open connections`,
    async () => {
      const floor = await measurePaymentFloor({ people });
      report.paymentFloor = floor;
      reported(`payment floor, bare Hono with no database: req/s (p50 ${floor.p50Ms} ms)`, floor.requestsPerSecond);
      reported('payment floor, bare Hono with no database: p99 (ms)', floor.p99Ms);
    },
  );
  await section(
    `Payments at scale on PGlite (${PAYMENT_WINDOWS} windows of ${people} people, 100 connections)`,
    async () => {
      payments.push(await measurePaymentsAtScale({ database: 'pglite', distDir, people }));
    },
  );
  const postgres = await withPostgres(async (adminUrl) => {
    await section('API read load on PostgreSQL', async () => {
      load.push(...(await measureReadLoad('postgres', { DIST_DIR: distDir, DATABASE_URL: adminUrl })));
    });
    await section(
      `Payments at scale on PostgreSQL, one process (${PAYMENT_WINDOWS} windows of ${people} people)`,
      async () => {
        payments.push(await measurePaymentsAtScale({ database: 'postgres', adminUrl, distDir, people }));
      },
    );
    await section(
      `Payments at scale on PostgreSQL, two processes (${PAYMENT_WINDOWS} windows of ${people} people)`,
      async () => {
        payments.push(await measurePaymentsAtScale({ database: 'postgres', adminUrl, distDir, people, processes: 2 }));
      },
    );
  });
  if (postgres !== 'ran') notMeasured.push(`PostgreSQL figures: ${postgres}`);
  report.apiLoad = load;
  report.payments = payments;
  for (const figure of load.filter((f) => f.ratioToBareHono !== null)) {
    reported(
      `${figure.target} on ${figure.database}: ratio to bare Hono in its own process (${figure.requestsPerSecond} / ${Math.round(figure.requestsPerSecond / figure.ratioToBareHono!)} req/s)`,
      figure.ratioToBareHono,
    );
    check(`${figure.target} on ${figure.database}: errors`, figure.errors, BUDGETS.errors);
  }
  const oneProcess = payments.find((p) => p.database === 'postgres' && p.processes === 1);
  for (const p of payments) {
    const name = `payments on ${p.database}, ${p.processes} process${p.processes > 1 ? 'es' : ''}, ${p.windows.length} windows of ${p.people} people over ${p.connections} connections (median window)`;
    reported(
      `${name}: req/s (p50 ${p.pay.p50Ms} ms; after untimed warm-up windows of ${p.warmUp.map((w) => w.requestsPerSecond).join(', ')} req/s)`,
      p.pay.requestsPerSecond,
    );
    if (p.processes === 1) check(`${name}: p99 (ms)`, p.pay.p99Ms, BUDGETS.paymentsP99Ms[p.database]);
    else reported(`${name}: p99 (ms)`, p.pay.p99Ms);
    if (report.paymentFloor)
      reported(`${name}: p99 over the floor's p99`, ratio(p.pay.p99Ms, report.paymentFloor.p99Ms));
    check(`${name}: errors`, p.pay.errors + p.replay.errors, BUDGETS.errors);
    check(
      `${name}: connections opened inside the timed windows (${p.pay.connectionsUsed} carried the payments)`,
      p.pay.openedInWindow + p.replay.openedInWindow,
      BUDGETS.connectionsOpenedInWindow,
    );
    check(
      `${name}: SALEs per key, fewest (${p.sales.exactlyOne} of ${p.sales.keys} keys have exactly one)`,
      p.sales.min,
      BUDGETS.salesPerKey,
    );
    check(`${name}: SALEs per key, most`, p.sales.max, BUDGETS.salesPerKey);
    reported(
      `${name}: replays of 10 % of the keys, p99 (ms; ${p.replay.answeredFirstResult} of ${p.replay.requests} answered the first result)`,
      p.replay.p99Ms,
    );
    if (p.processes > 1 && oneProcess)
      reported(
        `${name}: throughput over one process`,
        ratio(p.pay.requestsPerSecond, oneProcess.pay.requestsPerSecond),
      );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('Path generation…');
const paths = measurePathGeneration();
report.pathGeneration = paths;
for (const p of paths)
  reported(`paths for ${p.machine} (ms; states ${p.stateCoverage}, transitions ${p.transitionCoverage})`, p.ms);

await section('Flow explorer counts on 1,000,000 transitions (PGlite)', async () => {
  const flows = await measureFlowCounts();
  check(
    `flow counts of one machine, ${flows.transitions} transitions on PGlite: p95 of ${flows.calls} calls (ms)`,
    flows.p95Ms,
    BUDGETS.flowCountsP95Ms,
  );
});

report.durationSeconds = Math.round((performance.now() - started) / 1000);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/report.json', JSON.stringify(report, null, 2) + '\n');
const md = renderMarkdown(report);
writeFileSync('bench/results/report.md', md);
console.log(`\n${md}\nWrote bench/results/report.json and bench/results/report.md (${report.durationSeconds} s)`);
