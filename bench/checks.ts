import type { Budget } from './budgets';

/**
 * One figure of the report. A judged figure has a budget and `within`; a figure that is only
 * reported says so, and is never marked as within or outside.
 */
export interface Check {
  figure: string;
  value: number | string | null;
  budget: string;
  /** null when there is no figure to judge, or when the figure is only reported. */
  within: boolean | null;
  kind: 'judged' | 'reported';
  /** Why the figure does not say what it seems to, e.g. the page is not built yet. */
  note?: string;
}

export function createChecks() {
  const checks: Check[] = [];
  /** A figure against its budget. A note that the figure is not the page's own (not built, landed elsewhere) withholds the mark. */
  const check = (
    figure: string,
    value: number | string | null,
    budget: Budget,
    options: { note?: string; withhold?: boolean } = {},
  ) =>
    checks.push({
      figure,
      value,
      budget: budget.text,
      within: typeof value === 'number' && !options.withhold ? budget.within(value) : null,
      kind: 'judged',
      ...(options.note ? { note: options.note } : {}),
    });
  const report = (figure: string, value: number | string | null, note?: string) =>
    checks.push({ figure, value, budget: 'reported', within: null, kind: 'reported', ...(note ? { note } : {}) });
  return { checks, check, report };
}

export const verdict = (c: Check) => {
  const base =
    c.kind === 'reported' ? 'reported' : c.within === null ? 'no result' : c.within ? '✓ within' : '✗ outside';
  return c.note ? `${base} (${c.note})` : base;
};
