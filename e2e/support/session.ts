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
  const url = apiPath('/demo/session', { persona, next });
  if (isPage(target) && next !== undefined) {
    const response = await target.goto(url);
    if (!response) throw new Error(`demo sign-in as ${persona} gave no response`);
    // The server's redirect target; the app may route on from there on the client.
    const landed = new URL(response.url());
    expect(response.request().redirectedFrom(), `demo sign-in as ${persona} should redirect`).not.toBeNull();
    expect(landed.pathname + landed.search, `demo sign-in as ${persona} should land on ${next}`).toBe(next);
  } else {
    const response = await target.request.get(url, { maxRedirects: 0, failOnStatusCode: false });
    expect(response.status(), `demo sign-in as ${persona}: ${await response.text()}`).toBe(302);
  }
  const claims = await api(target).claims();
  expect(claims.Role, `demo sign-in as ${persona} should give a signed-in user`).toBe('user');
  return claims;
}

/** DELETE /api/demo/session: afterwards the page or context is a guest. */
export async function signOut(target: Page | BrowserContext): Promise<void> {
  const response = await target.request.delete(apiPath('/demo/session'), { failOnStatusCode: false });
  expect(response.status()).toBe(204);
}
