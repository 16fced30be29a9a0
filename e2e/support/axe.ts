/** axe on a page, against WCAG 2.1 A and AA and axe's best practices: one setup for every spec. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const STANDARDS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** The rule, what it asks and the elements that break it: what a failing test prints. */
  summary: string;
}

/**
 * The violations axe finds on the page, or only inside `within` (a selector). Only violations
 * are collected (`resultTypes`): axe then skips listing every element that passes, which makes
 * a scan much faster and finds the same violations.
 */
export async function axeViolations(page: Page, options: { within?: string } = {}): Promise<AxeViolation[]> {
  const builder = new AxeBuilder({ page }).withTags(STANDARDS).options({ resultTypes: ['violations'] });
  const results = await (options.within ? builder.include(options.within) : builder).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    summary: `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  }));
}

export const isSerious = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';
