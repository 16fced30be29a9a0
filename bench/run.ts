/**
 * npm run bench: measures the product and writes bench/results/report.json and report.md.
 * It reports figures against their budgets; it never fails the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { measureApiLoad, type LoadFigure } from './api-load';
import { measureBundles } from './bundle';
import { measurePathGeneration } from './paths';
import { measureStartup } from './startup';
import { findChromium, run } from '../scripts/lib';

interface Check {
  figure: string;
  value: number | string | null;
  budget: string;
  within: boolean | null;
}

const checks: Check[] = [];
const check = (figure: string, value: number | null, budget: string, within: (v: number) => boolean) =>
  checks.push({ figure, value, budget, within: value === null ? null : within(value) });

const report: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  machine: {
    platform: `${platform()} ${release()}`,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round(freemem() / 2 ** 30),
    node: process.version,
    chromium: findChromium() ?? null,
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || null,
  },
};

console.log('Building the front end…');
run('npx', ['vite', 'build', '--logLevel', 'warn']);

console.log('Bundle sizes…');
const bundles = measureBundles('dist', { pricing: null, checkout: null, 'cancellation request': null });
report.bundles = bundles;
if (Array.isArray(bundles)) {
  const sell = bundles.find((b) => b.route === 'pricing');
  check('sell page JS before interaction (gzip KB)', sell?.jsGzipKb ?? null, '≤ 140', (v) => v <= 140);
}

const dataDir = mkdtempSync(join(tmpdir(), 'rp-bench-'));
try {
  console.log('Start-up time…');
  const startup = await measureStartup({ DATA_DIR: join(dataDir, 'startup'), DATABASE_URL: '' });
  report.startup = startup;
  check('start-up to first 200 on /payment/pricing, fresh database (ms)', startup.coldMs, 'reported', () => true);
  check('start-up to first 200 on /payment/pricing, existing database (ms)', startup.warmMs, 'reported', () => true);

  console.log('API load on PGlite (10 s per target, 100 connections)…');
  const load: LoadFigure[] = await measureApiLoad('pglite', { DATA_DIR: join(dataDir, 'load'), DATABASE_URL: '' });
  if (process.env.DATABASE_URL) {
    console.log('API load on PostgreSQL…');
    load.push(...(await measureApiLoad('postgres', { DATABASE_URL: process.env.DATABASE_URL })));
  }
  report.apiLoad = load;
  for (const figure of load.filter((f) => f.ratioToBareHono !== null)) {
    check(`${figure.target} on ${figure.database}: ratio to bare Hono`, figure.ratioToBareHono, '≥ 0.25', (v) => v >= 0.25);
    check(`${figure.target} on ${figure.database}: p99 at ${figure.connections} connections (ms)`, figure.p99Ms, '≤ 50', (v) => v <= 50);
    check(`${figure.target} on ${figure.database}: errors`, figure.errors, '0', (v) => v === 0);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('Path generation…');
const paths = measurePathGeneration();
report.pathGeneration = paths;
for (const p of paths) check(`paths for ${p.machine} (ms; states ${p.stateCoverage}, transitions ${p.transitionCoverage})`, p.ms, 'reported', () => true);

report.notMeasured = [
  'Lighthouse (pricing, checkout, cancellation survey, logged-out form): the pages are not built yet',
  'Interaction latency (plan selection, survey reason): the pages are not built yet',
];
report.checks = checks;

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/report.json', JSON.stringify(report, null, 2) + '\n');
const mark = (c: Check) => (c.within === null ? 'not measured' : c.budget === 'reported' ? '—' : c.within ? 'within' : 'OVER');
const machine = report.machine as Record<string, unknown>;
const md = [
  '# Benchmark report',
  '',
  `${report.generatedAt} · commit ${machine.commit} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGb} GB · ${machine.platform} · Node ${machine.node}`,
  '',
  '| figure | value | budget | result |',
  '|---|---|---|---|',
  ...checks.map((c) => `| ${c.figure} | ${c.value ?? '—'} | ${c.budget} | ${mark(c)} |`),
  '',
  ...(Array.isArray(report.apiLoad)
    ? ['## API load', '', '| target | database | req/s | p50 ms | p99 ms | errors | ratio to bare Hono |', '|---|---|---|---|---|---|---|',
      ...(report.apiLoad as LoadFigure[]).map((f) => `| ${f.target} | ${f.database} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.errors} | ${f.ratioToBareHono ?? '—'} |`), '']
    : []),
  '## Not measured yet',
  '',
  ...(report.notMeasured as string[]).map((s) => `- ${s}`),
  '',
].join('\n');
writeFileSync('bench/results/report.md', md);
console.log(`\n${md}\nWrote bench/results/report.json and bench/results/report.md`);
