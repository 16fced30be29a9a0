import type { LoadFigure } from './api-load';
import type { LighthousePageFigures } from './browser';
import { verdict, type Check } from './checks';
import type { BundleFigure } from './bundle';
import type { FetchedScriptsFigure } from './fetched-scripts';
import type { InteractionFigure } from './interaction';
import type { OpenConnectionsResult } from './open-connections-load';
import type { PaymentScaleFigure } from './payments-at-scale';
import { ratio } from './ratios';

/** What bench/results/report.json holds. */
export interface BenchReport {
  generatedAt: string;
  durationSeconds?: number;
  machine: Record<string, unknown>;
  checks: Check[];
  bundles?: BundleFigure[] | { missing: string };
  floor?: { jsGzipKb: number };
  startup?: unknown;
  apiLoad?: LoadFigure[];
  payments?: PaymentScaleFigure[];
  /** Bare Hono answering payment-shaped POSTs over the same open connections: the floor under the payments. */
  paymentFloor?: OpenConnectionsResult;
  lighthouse?: LighthousePageFigures[];
  interactions?: InteractionFigure[];
  /** The floor page's and the sell page's scripts, as the browser fetched them before any interaction. */
  fetchedScripts?: FetchedScriptsFigure[];
  pathGeneration?: unknown;
  notMeasured: string[];
}

const show = (value: number | null | undefined, unit = '') =>
  value === null || value === undefined ? '—' : `${value}${unit}`;

function lighthouseSection(pages: LighthousePageFigures[]): string[] {
  const floor = pages.find((p) => p.path === '/floor/');
  const rows = pages.flatMap((p) =>
    p.presets.map((f) => {
      const m = f.median;
      const reference = floor?.presets.find((r) => r.preset === f.preset)?.median;
      const errors = f.runs.filter((r) => r.error).length;
      const landing = p.landed ? `✓ \`${p.landedOn}\`` : `✗ LANDED ON \`${p.landedOn}\``;
      return `| ${p.page} \`${p.path}\`${p.persona ? ` as ${p.persona}` : ''} | ${f.preset} | ${p.state} | ${landing} | ${show(m.score)} | ${show(m.lcpMs, ' ms')} (${show(ratio(m.lcpMs, reference?.lcpMs), '×')}) | ${show(m.tbtMs, ' ms')} (${show(ratio(m.tbtMs, reference?.tbtMs), '×')})${f.tbtRangeMs ? `, runs ${f.tbtRangeMs[0]}–${f.tbtRangeMs[1]}` : ''} | ${show(m.cls)} | ${f.runs.length - errors}/${f.runs.length} | ${f.opportunities.map((o) => `${o.title} (${o.savingsMs} ms)`).join('; ') || '—'} |`;
    }),
  );
  return [
    '## Lighthouse',
    '',
    "Median of the runs per figure; in brackets, the ratio to the floor app's page with the same preset, measured in this run; after TBT, the fewest and most of its runs. The judgement is in the table of figures above (mobile preset). A page whose runs landed elsewhere gets no mark.",
    '',
    '| page | preset | page state | landed on | score | LCP (× floor) | TBT (× floor) | CLS | runs ok | largest estimated savings |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
}

function interactionSection(figures: InteractionFigure[]): string[] {
  return [
    '## Interaction latency',
    '',
    "Click to next paint with the CPU 4× slower (Chrome DevTools Protocol), median over the clicks of every visit (the visits of each case taken in turn with the reference's); Event Timing where Chromium reports the click (16 ms or more), else click to the frame after the next. The first row is the reference: a bare react-aria radio in the floor app.",
    '',
    '| interaction | page | state | median | clicks (ms) | Event Timing / next frame |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.name} | \`${f.path}\`${f.persona ? ` as ${f.persona}` : ''} | ${f.state}${f.note ? `: ${f.note}` : ''} | ${show(f.medianMs, ' ms')} | ${f.samplesMs.join(', ') || '—'} | ${f.methods.eventTiming} / ${f.methods.nextFrame} |`,
    ),
    '',
    ...figures
      .filter((f) => f.firstTouch)
      .map(
        (f) =>
          `${f.name}: the page was at rest. Its first tap took ${f.firstTouch!.ms} ms to the next paint (${f.firstTouch!.method}), and the app had taken the page over ${f.firstTouch!.takeoverMs} ms after it; the clicks above came after that.`,
      ),
  ];
}

function fetchedScriptsSection(figures: FetchedScriptsFigure[], walked: Set<string>): string[] {
  return [
    '## JavaScript fetched before any interaction',
    '',
    'Each page opened on a phone-sized screen and left alone until it had requested no script for 3 s; every script it fetched, gzip-compressed at level 9 as the manifest walk does. Files marked * are not in the walk: the page loads them on its own after start.',
    '',
    ...figures.flatMap((f) => [
      `- **${f.page}** \`${f.path}\` (landed on \`${f.landedOn}\`, heading ${f.headingDrawn ? 'drawn' : 'NOT drawn'}${f.settled ? '' : ', NOT settled'}): ${f.jsGzipKb} KB in ${f.files.length} files`,
      `  ${f.files.map((file) => `${file.file.replace(/^assets\//, '')}${walked.has(file.file) || f.path === '/floor/' ? '' : '*'} ${file.gzipKb}`).join(' · ')}`,
      ...(f.unaccounted.length ? [`  unaccounted: ${f.unaccounted.join(', ')}`] : []),
    ]),
    '',
  ];
}

function paymentsSection(figures: PaymentScaleFigure[], floor: OpenConnectionsResult | undefined): string[] {
  return [
    '## Payments at scale',
    '',
    "Fresh copies of new-us, made before the timed windows, each pay once for a plan with its own idempotency key: first two untimed warm-up windows of payments by others (the floor gets as many requests before it is timed; on PostgreSQL the server's CPU per payment stopped falling after two), then the windows one after the other; then 10 % of all the keys are sent again. Each row's rate, p50 and p99 are its median window's (every window is listed), its errors and counts are totals. The SALEs are counted per key in SQL afterwards. The connections are opened (one health check each) before the clock starts, as a load balancer keeps its connections to the app open: a busy Node server accepts one new connection per turn of its event loop, which would put connection set-up into the tail of the payments. With two processes, the bench client splits the people and connections between them.",
    '',
    '| database | processes | people per window | connections | req/s | p50 ms | p99 ms | warm-up windows: req/s | windows: req/s, p99 ms | errors | replays: p50 / p99 ms | replays answering the first result | keys with exactly one SALE |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (p) =>
        `| ${p.database} | ${p.processes} | ${p.people} | ${p.connections} | ${p.pay.requestsPerSecond} | ${p.pay.p50Ms} | ${p.pay.p99Ms} | ${p.warmUp.map((w) => w.requestsPerSecond).join('; ')} | ${p.windows.map((w) => `${w.requestsPerSecond}, ${w.p99Ms}`).join('; ')} | ${p.pay.errors + p.replay.errors} | ${p.replay.p50Ms} / ${p.replay.p99Ms} | ${p.replay.answeredFirstResult}/${p.replay.requests} | ${p.sales.exactlyOne}/${p.sales.keys} |`,
    ),
    ...(floor
      ? [
          `| floor: bare Hono, no database | 1 | ${floor.requests} | ${floor.connectionsUsed} | ${floor.requestsPerSecond} | ${floor.p50Ms} | ${floor.p99Ms} | — | — | ${floor.errors} | — | — | — |`,
          '',
          'The floor row sends the same number of payment-shaped POSTs to bare Hono in its own process (it reads the JSON body and answers JSON), over as many open connections. With every connection always waiting for an answer, a request waits on average connections ÷ throughput: a p99 of 100 ms over 100 connections needs well over 1,000 answers a second.',
        ]
      : []),
    '',
  ];
}

/** The files the manifest walk counted for the sell page. */
const walkedFiles = (bundles: BenchReport['bundles']) =>
  new Set(Array.isArray(bundles) ? bundles.find((b) => b.route === 'pricing')?.files : []);

export function renderMarkdown(report: BenchReport): string {
  const { machine } = report;
  return [
    '# Benchmark report',
    '',
    `${report.generatedAt} · commit ${machine.commit} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGb} GB · ${machine.platform} · Node ${machine.node} · ${machine.chromiumVersion ?? machine.chromium}`,
    '',
    '| figure | value | budget | result |',
    '|---|---|---|---|',
    ...report.checks.map((c) => `| ${c.figure} | ${c.value ?? '—'} | ${c.budget} | ${verdict(c)} |`),
    '',
    ...(report.lighthouse ? lighthouseSection(report.lighthouse) : []),
    ...(report.interactions ? interactionSection(report.interactions) : []),
    ...(report.fetchedScripts ? fetchedScriptsSection(report.fetchedScripts, walkedFiles(report.bundles)) : []),
    ...(report.payments ? paymentsSection(report.payments, report.paymentFloor) : []),
    ...(report.apiLoad
      ? [
          '## API read load',
          '',
          'Bare Hono runs in a process of its own, started like the app.',
          '',
          '| target | database | req/s | p50 ms | p99 ms | errors | ratio to bare Hono |',
          '|---|---|---|---|---|---|---|',
          ...report.apiLoad.map(
            (f) =>
              `| ${f.target} | ${f.database} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.errors} | ${f.ratioToBareHono ?? '—'} |`,
          ),
          '',
        ]
      : []),
    ...(report.notMeasured.length > 0 ? ['## Not measured', '', ...report.notMeasured.map((s) => `- ${s}`), ''] : []),
  ].join('\n');
}
