/**
 * npm run bench: measures the product and writes bench/results/report.json and report.md.
 * It reports figures against their budgets; it never fails the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { measureApiLoad, type LoadFigure } from './api-load';
import { startBenchApp } from './app-server';
import { measureInBrowser } from './browser';
import { INTERACTION_BUDGET_MS, MOBILE_BUDGETS, MOBILE_BUDGET_TEXT } from './budgets';
import { measureBundles } from './bundle';
import { createChecks } from './checks';
import { CLICKS_PER_INTERACTION, CPU_SLOWDOWN } from './interaction';
import { FLOW_COUNTS_BUDGET_MS, measureFlowCounts } from './flows-counts';
import { measurePathGeneration } from './paths';
import { renderMarkdown, type BenchReport } from './report-md';
import { measureStackFloor } from './stack-floor';
import { measureStartup } from './startup';
import { findChromium, run } from '../scripts/lib';

const started = performance.now();
const { checks, check } = createChecks();
const chromium = findChromium();
const notMeasured: string[] = [];

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
  console.log('Building the front end…');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir']);

  console.log('Bundle sizes…');
  const bundles = measureBundles(distDir, { pricing: 'src/features/purchase-funnel/sell-page/SellPage.tsx', checkout: 'src/features/purchase-funnel/checkout/CheckoutPage.tsx', 'cancellation request': 'src/features/cancellation-request/CancellationRequestPage.tsx' });
  report.bundles = bundles;
  if (Array.isArray(bundles)) {
    const sell = bundles.find((b) => b.route === 'pricing');
    check('sell page JS before interaction (gzip KB)', sell?.jsGzipKb ?? null, '≤ 140', (v) => v <= 140);
  }
  check('JS of the smallest app the required stack allows (gzip KB; the floor for the figure above)', await measureStackFloor('bench/results'), 'reported', () => true);

  console.log('Start-up time…');
  const startup = await measureStartup({ DIST_DIR: distDir, DATA_DIR: join(scratch, 'startup'), DATABASE_URL: '' });
  report.startup = startup;
  check('start-up to first 200 on /payment/pricing, fresh database (ms)', startup.coldMs, 'reported', () => true);
  check('start-up to first 200 on /payment/pricing, existing database (ms)', startup.warmMs, 'reported', () => true);

  console.log('API load on PGlite (10 s per target, 100 connections)…');
  const load: LoadFigure[] = await measureApiLoad('pglite', { DIST_DIR: distDir, DATA_DIR: join(scratch, 'load'), DATABASE_URL: '' });
  if (process.env.DATABASE_URL) {
    console.log('API load on PostgreSQL…');
    load.push(...(await measureApiLoad('postgres', { DIST_DIR: distDir, DATABASE_URL: process.env.DATABASE_URL })));
  }
  report.apiLoad = load;
  for (const figure of load.filter((f) => f.ratioToBareHono !== null)) {
    check(`${figure.target} on ${figure.database}: ratio to bare Hono`, figure.ratioToBareHono, '≥ 0.25', (v) => v >= 0.25);
    check(`${figure.target} on ${figure.database}: p99 at ${figure.connections} connections (ms)`, figure.p99Ms, '≤ 50', (v) => v <= 50);
    check(`${figure.target} on ${figure.database}: errors`, figure.errors, '0', (v) => v === 0);
  }

  if (!chromium) {
    notMeasured.push('Lighthouse and interaction latency: no Chromium found (set CHROME_PATH or install chromium)');
  } else {
    const app = await startBenchApp(distDir);
    try {
      const { lighthouse, interactions } = await measureInBrowser(app, chromium);
      report.lighthouse = lighthouse;
      report.interactions = interactions;
      for (const page of lighthouse) {
        const mobile = page.presets.find((p) => p.preset === 'mobile')!.median;
        const note = page.state === 'not built yet' ? 'not built yet: the coming-soon page was measured' : page.state === 'unknown' ? 'page state unknown: nothing rendered' : undefined;
        const name = `Lighthouse mobile, ${page.page} (${page.path})`;
        check(`${name}: score`, mobile.score, MOBILE_BUDGET_TEXT.score, MOBILE_BUDGETS.score, note);
        check(`${name}: LCP (ms)`, mobile.lcpMs, MOBILE_BUDGET_TEXT.lcpMs, MOBILE_BUDGETS.lcpMs, note);
        check(`${name}: TBT (ms)`, mobile.tbtMs, MOBILE_BUDGET_TEXT.tbtMs, MOBILE_BUDGETS.tbtMs, note);
        check(`${name}: CLS`, mobile.cls, MOBILE_BUDGET_TEXT.cls, MOBILE_BUDGETS.cls, note);
      }
      for (const figure of interactions) {
        const value = figure.state === 'measured' ? figure.medianMs : figure.state;
        check(`click to next paint, ${figure.name} (${figure.path}, CPU ${CPU_SLOWDOWN}× slower, median of ${CLICKS_PER_INTERACTION} clicks, ms)`, value, `≤ ${INTERACTION_BUDGET_MS}`, (v) => v <= INTERACTION_BUDGET_MS, figure.state === 'failed' ? figure.note : undefined);
      }
    } catch (error) {
      notMeasured.push(`Lighthouse and interaction latency: ${String(error).split('\n')[0]}`);
    } finally {
      await app.stop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('Path generation…');
const paths = measurePathGeneration();
report.pathGeneration = paths;
for (const p of paths) check(`paths for ${p.machine} (ms; states ${p.stateCoverage}, transitions ${p.transitionCoverage})`, p.ms, 'reported', () => true);

console.log('Flow explorer counts on 1,000,000 transitions (PGlite)…');
try {
  const flows = await measureFlowCounts();
  check(`flow counts of one machine, ${flows.transitions} transitions on PGlite: p95 of ${flows.calls} calls (ms)`, flows.p95Ms, `≤ ${FLOW_COUNTS_BUDGET_MS}`, (v) => v <= FLOW_COUNTS_BUDGET_MS);
} catch (error) {
  notMeasured.push(`flow counts: ${error instanceof Error ? error.message : String(error)}`);
}

report.durationSeconds = Math.round((performance.now() - started) / 1000);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/report.json', JSON.stringify(report, null, 2) + '\n');
const md = renderMarkdown(report);
writeFileSync('bench/results/report.md', md);
console.log(`\n${md}\nWrote bench/results/report.json and bench/results/report.md (${report.durationSeconds} s)`);
