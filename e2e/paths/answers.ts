/**
 * What the path specs share: the server's answers arranged in a path's order, and the walk of a
 * path (each event driven on the page, then the state it leads to checked there).
 */
import { test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';

/** How the server answers one request: as it is, with an outage (503), or with a refusal the spec names (409). */
export type Outcome = 'real' | 'failure' | { status: 409; code: string; message: string };

/** An actor's done event is a real answer, its error event an outage. */
export const outcomeOf = (event: EventObject): Outcome => (event.type.startsWith('xstate.error.') ? 'failure' : 'real');

export interface AnswerOptions {
  /** Past the arranged outcomes, hold the request: the path ends with the page waiting for it. */
  holdAfter?: boolean;
  /** Only requests made while the page is at this path are arranged; once it is left, the next page loads for itself. */
  onlyOn?: string;
}

/** Answers the requests `matches` in turn with `outcomes`; past them, lets them through unless told to hold. */
export async function answerInOrder(
  page: Page,
  matches: (url: URL) => boolean,
  outcomes: readonly Outcome[],
  options: AnswerOptions = {},
) {
  let asked = 0;
  await page.route(matches, async (route: Route) => {
    if (options.onlyOn !== undefined && new URL(page.url()).pathname !== options.onlyOn) return route.continue();
    const outcome = outcomes[asked++];
    if (outcome === undefined) {
      if (options.holdAfter) return; // held: the page stays waiting while it is looked at
      return route.continue();
    }
    if (outcome === 'failure')
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    if (outcome !== 'real')
      return route.fulfill({
        status: outcome.status,
        json: { error: { code: outcome.code, message: outcome.message } },
      });
    return route.continue();
  });
}

interface Path {
  events: readonly EventObject[];
  expected: readonly AnyMachineSnapshot[];
}

/**
 * Walks a path on the page from its first state: each event is driven from the state before it,
 * then the state after it is checked, as a step of its own. `held(i)` says whether the page is
 * looked at while it waits in the i-th state (by default, only where the path ends).
 */
export async function drivePath(
  path: Path,
  drive: (before: AnyMachineSnapshot, event: EventObject) => Promise<unknown>,
  expectState: (state: AnyMachineSnapshot, held: boolean) => Promise<void>,
  held: (index: number) => boolean = (index) => index === path.events.length,
) {
  await expectState(path.expected[0]!, held(0));
  for (const [i, event] of path.events.entries()) {
    await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
      await drive(path.expected[i]!, event);
      await expectState(path.expected[i + 1]!, held(i + 1));
    });
  }
}
