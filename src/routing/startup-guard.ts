import { waitFor } from 'xstate';
import type { StartupOutput } from '../../machines/startup-access.machine';
import type { StartupActor, StartupSnapshot } from '../app/startup-actor';
import { routeAccess } from '../../machines/startup-access.rules';
import { destinationUrl } from '../app/startup';
import { APP_BASE, findRoute, type AppRoute } from './route-table';

/** Resolves once start-up has settled: it decided a destination, or who the visitor is and how the page looks. */
export function settledStartup(startup: StartupActor): Promise<StartupSnapshot> {
  return waitFor(startup, (s) => s.status !== 'active' || (!s.hasTag('loading') && !s.hasTag('awaitingRetry'))).catch(() => startup.getSnapshot());
}

export type RouteDecision = { kind: 'show' } | { kind: 'redirect'; url: string; inApp: boolean };

/** What the settled start-up says about the address being opened. */
export interface SettledStartup {
  destination: StartupOutput['destination'] | null;
  decided: Parameters<typeof routeAccess>[0];
}

export const settledStartupOf = (snapshot: StartupSnapshot): SettledStartup => ({
  destination: snapshot.status === 'done' ? snapshot.output.destination : null,
  decided: snapshot.context,
});

const inApp = (url: string) => url.startsWith(`${APP_BASE}/`);
const redirectTo = (url: string): RouteDecision => ({ kind: 'redirect', url, inApp: inApp(url) });

/**
 * Where the person may be, as start-up decided it:
 * - when start-up ended with a destination, the page it was asked for (its page code) leads
 *   there, and the destination's own page shows;
 * - every other page follows the access rules start-up settled (the visitor and the policy).
 */
export function routeDecision(settled: SettledStartup, route: { id: AppRoute['id'] | null; pageCode: string }, dashboardUrl: string): RouteDecision {
  if (settled.destination) {
    const url = destinationUrl(settled.destination, dashboardUrl);
    if (findRoute(url)?.id === route.id) return { kind: 'show' };
    if (route.pageCode === settled.decided.request.pageCode) return redirectTo(url);
  }
  const access = routeAccess(settled.decided, route.pageCode);
  if (access === 'mySettings') return redirectTo(`${APP_BASE}/mysettings`);
  if (access === 'timeout') return route.id === 'timeout' ? { kind: 'show' } : redirectTo(`${APP_BASE}/timeout`);
  return { kind: 'show' };
}
