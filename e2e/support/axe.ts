/**
 * axe on a page, against WCAG 2.1 A and AA and axe's best practices: one setup for every spec.
 *
 * axe runs inside the page, in every frame at once. `@axe-core/playwright` opens a second page
 * per scan to put the frames' results together, which made each scan cost about 2 s; run in
 * the page, a scan costs a quarter of that and finds the same violations.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const STANDARDS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** The rule, what it asks and the elements that break it: what a failing test prints. */
  summary: string;
}

/** Puts axe into every frame of the page that does not have it yet (a frame that went away is skipped). */
async function injectAxe(page: Page): Promise<void> {
  await Promise.all(
    page.frames().map((frame) =>
      frame
        // Given as a string, the source is evaluated by the browser's debugger, out of reach of
        // the page's script policy (which forbids eval, as it should).
        .evaluate(() => 'axe' in window)
        .then((present) => (present ? undefined : frame.evaluate(axeSource)))
        .catch((error: unknown) => {
          if (!frame.isDetached()) throw error;
        }),
    ),
  );
}

/**
 * The violations axe finds on the page, or only inside `within` (a selector). Only violations
 * are collected (`resultTypes`): axe then skips listing every element that passes, which makes
 * a scan much faster and finds the same violations.
 */
export async function axeViolations(page: Page, options: { within?: string } = {}): Promise<AxeViolation[]> {
  await injectAxe(page);
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: STANDARDS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    ([within, run]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
      return axe.run(within === null ? document : { include: [within] }, run);
    },
    [options.within ?? null, runOptions] as const,
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    summary: `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  }));
}

export const isSerious = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';
