/** Demo sign-in (DESIGN.md §3, Identity): GET /api/demo/session?persona=<id>&next=<path>. */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { Claims } from '../../src/api/schemas';
import { api, apiPath } from './api';
import type { PersonaId } from './personas';

const isPage = (target: Page | BrowserContext): target is Page => 'goto' in target;

/**
 * Signs `persona` in for a page or a whole browser context (both share one cookie jar) and
 * answers their claims.
 *
 * - With a page and `next`, the page navigates through the sign-in URL, so it ends on `next`
 *   exactly as a person following the dashboard's persona link would.
 * - Otherwise the session cookie is set without navigating.
 */
export async function signInAs(target: Page | BrowserContext, persona: PersonaId, next?: string): Promise<Claims> {
  return signInThrough(target, { persona, next }, persona);
}

/**
 * Like `signInAs`, but as a brand-new copy of `persona` (`fresh=1`): same market, user type,
 * documents and history, its own user id, account id and e-mail (`first.last+N@…`). For
 * tests that pay, cancel or otherwise change the person, so the shared persona stays as
 * every later spec expects it.
 */
export async function signInAsFresh(target: Page | BrowserContext, persona: PersonaId, next?: string): Promise<Claims> {
  const claims = await signInThrough(target, { persona, next, fresh: 1 }, `a fresh copy of ${persona}`);
  expect(claims.EmailAddress, `a fresh copy of ${persona} should have an e-mail of its own`).toMatch(/\+\d+@/);
  return claims;
}

async function signInThrough(
  target: Page | BrowserContext,
  query: { persona: PersonaId; next: string | undefined; fresh?: 1 },
  who: string,
): Promise<Claims> {
  const url = apiPath('/demo/session', query);
  const next = query.next;
  if (isPage(target) && next !== undefined) {
    const response = await target.goto(url);
    if (!response) throw new Error(`demo sign-in as ${who} gave no response`);
    // The server's redirect target; the app may route on from there on the client.
    const landed = new URL(response.url());
    expect(response.request().redirectedFrom(), `demo sign-in as ${who} should redirect`).not.toBeNull();
    expect(landed.pathname + landed.search, `demo sign-in as ${who} should land on ${next}`).toBe(next);
  } else {
    const response = await target.request.get(url, { maxRedirects: 0, failOnStatusCode: false });
    expect(response.status(), `demo sign-in as ${who}: ${await response.text()}`).toBe(302);
  }
  const claims = await api(target).claims();
  expect(claims.Role, `demo sign-in as ${who} should give a signed-in user`).toBe('user');
  return claims;
}
