import type { LoadFigure } from './api-load';
import type { LighthousePageFigures } from './browser';
import { verdict, type Check } from './checks';
import type { InteractionFigure } from './interaction';
import { MOBILE_BUDGETS } from './budgets';

/** What bench/results/report.json holds. */
export interface BenchReport {
  generatedAt: string;
  durationSeconds?: number;
  machine: Record<string, unknown>;
  checks: Check[];
  bundles?: unknown;
  startup?: unknown;
  apiLoad?: LoadFigure[];
  lighthouse?: LighthousePageFigures[];
  interactions?: InteractionFigure[];
  pathGeneration?: unknown;
  notMeasured: string[];
}

const show = (value: number | null | undefined, unit = '') => (value === null || value === undefined ? '—' : `${value}${unit}`);
const mark = (value: number | null, within: (v: number) => boolean) => (value === null ? '' : within(value) ? ' ✓' : ' ✗');

function lighthouseSection(pages: LighthousePageFigures[]): string[] {
  const rows = pages.flatMap((p) =>
    p.presets.map((f) => {
      const m = f.median;
      const judged = f.preset === 'mobile';
      const cell = (value: number | null, unit: string, within: (v: number) => boolean) => show(value, unit) + (judged ? mark(value, within) : '');
      const errors = f.runs.filter((r) => r.error).length;
      return `| ${p.page} \`${p.path}\`${p.persona ? ` as ${p.persona}` : ''} | ${f.preset} | ${p.state}${p.landedOn !== p.path ? `, landed on \`${p.landedOn}\`` : ''} | ${cell(m.score, '', MOBILE_BUDGETS.score)} | ${cell(m.lcpMs, ' ms', MOBILE_BUDGETS.lcpMs)} | ${cell(m.tbtMs, ' ms', MOBILE_BUDGETS.tbtMs)} | ${cell(m.cls, '', MOBILE_BUDGETS.cls)} | ${f.runs.length - errors}/${f.runs.length} | ${f.opportunities.map((o) => `${o.title} (${o.savingsMs} ms)`).join('; ') || '—'} |`;
    }),
  );
  return [
    '## Lighthouse',
    '',
    'Median of the runs per figure. Mobile budgets: score ≥ 0.95, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS ≤ 0.02 (✓ within, ✗ outside); desktop is reported only.',
    '',
    '| page | preset | page state | score | LCP | TBT | CLS | runs ok | largest estimated savings |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
}

function interactionSection(figures: InteractionFigure[]): string[] {
  return [
    '## Interaction latency',
    '',
    'Click to next paint with the CPU 4× slower (Chrome DevTools Protocol), median over the clicks; Event Timing where Chromium reports the click (16 ms or more), else click to the frame after the next.',
    '',
    '| interaction | page | state | median | clicks (ms) | Event Timing / next frame |',
    '|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.name} | \`${f.path}\`${f.persona ? ` as ${f.persona}` : ''} | ${f.state}${f.note ? `: ${f.note}` : ''} | ${show(f.medianMs, ' ms')} | ${f.samplesMs.join(', ') || '—'} | ${f.methods.eventTiming} / ${f.methods.nextFrame} |`),
    '',
  ];
}

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
    ...(report.apiLoad
      ? ['## API load', '', '| target | database | req/s | p50 ms | p99 ms | errors | ratio to bare Hono |', '|---|---|---|---|---|---|---|',
        ...report.apiLoad.map((f) => `| ${f.target} | ${f.database} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.errors} | ${f.ratioToBareHono ?? '—'} |`), '']
      : []),
    ...(report.notMeasured.length > 0 ? ['## Not measured', '', ...report.notMeasured.map((s) => `- ${s}`), ''] : []),
  ].join('\n');
}
