/** One figure against its budget. `within` is null when there is no figure to judge. */
export interface Check {
  figure: string;
  value: number | string | null;
  budget: string;
  within: boolean | null;
  /** Why the figure does not say what it seems to, e.g. a placeholder page was measured. */
  note?: string;
}

export function createChecks() {
  const checks: Check[] = [];
  const check = (figure: string, value: number | string | null, budget: string, within: (v: number) => boolean, note?: string) =>
    checks.push({ figure, value, budget, within: typeof value === 'number' ? within(value) : null, ...(note ? { note } : {}) });
  return { checks, check };
}

export const verdict = (c: Check) => {
  const base = c.within === null ? 'not measured' : c.budget === 'reported' ? '—' : c.within ? 'within' : 'outside';
  return c.note ? `${base} (${c.note})` : base;
};
