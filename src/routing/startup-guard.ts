import { waitFor } from 'xstate';
import type { StartupOutput } from '../../machines/startup-access.machine';
import type { StartupActor, StartupSnapshot } from '../app/startup-actor';
import { routeAccess } from '../../machines/startup-access.rules';
import { destinationOf } from '../app/startup';
import { APP_BASE, findRoute, type AppRoute } from './route-table';
import { hrefOfDestination, isRouteTarget, type Destination } from './route-target';

/** Resolves once start-up has settled: it decided a destination, or who the visitor is and how the page looks. */
export function settledStartup(startup: StartupActor): Promise<StartupSnapshot> {
  return waitFor(startup, (s) => s.status !== 'active' || (!s.hasTag('loading') && !s.hasTag('awaitingRetry'))).catch(
    () => startup.getSnapshot(),
  );
}

/** `inApp`: the router can take the redirect; else it is a new document. */
export type RouteDecision = { kind: 'show' } | { kind: 'redirect'; to: Destination; inApp: boolean };

/** What the settled start-up says about the address being opened. */
export interface SettledStartup {
  destination: StartupOutput['destination'] | null;
  decided: Parameters<typeof routeAccess>[0];
}

export const settledStartupOf = (snapshot: StartupSnapshot): SettledStartup => ({
  destination: snapshot.status === 'done' ? snapshot.output.destination : null,
  decided: snapshot.context,
});

// A configured address (the dashboard) may still lie inside the app.
const redirectTo = (to: Destination): RouteDecision => ({
  kind: 'redirect',
  to,
  inApp: isRouteTarget(to) || to.href.startsWith(`${APP_BASE}/`),
});

/**
 * Where the person may be, as start-up decided it:
 * - when start-up ended with a destination, the page it was asked for (its page code) leads
 *   there, and the destination's own page shows;
 * - every other page follows the access rules start-up settled (the visitor and the policy).
 */
export function routeDecision(
  settled: SettledStartup,
  route: { id: AppRoute['id'] | null; pageCode: string },
  dashboardUrl: string,
): RouteDecision {
  if (settled.destination) {
    const to = destinationOf(settled.destination, dashboardUrl);
    if (findRoute(hrefOfDestination(to))?.id === route.id) return { kind: 'show' };
    if (route.pageCode === settled.decided.request.pageCode) return redirectTo(to);
  }
  const access = routeAccess(settled.decided, route.pageCode);
  if (access === 'mySettings') return redirectTo({ to: '/mysettings' });
  if (access === 'timeout') return route.id === 'timeout' ? { kind: 'show' } : redirectTo({ to: '/timeout' });
  return { kind: 'show' };
}
