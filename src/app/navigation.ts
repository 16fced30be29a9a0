import { hrefOf, isRouteTarget, type Destination } from '../routing/route-target';

/**
 * The one way a machine's decision moves the person: machines name a destination in an action
 * the app provides, and this carries it out. A page of the app (a typed route target) goes
 * through the router; an address the server handed over goes through the router when it is
 * inside the app, else it is a new document (the dashboard, a payment provider).
 */
export interface AppNavigation {
  go(destination: Destination, options?: { replace?: boolean }): void;
}

/** What the navigation needs of the router: a client-side move to a full path (base included) with its query. */
export interface RouterNavigate {
  navigate(options: { href: string; replace?: boolean }): Promise<unknown>;
}

/** Where a URL leads: a path of this app (its path, query and hash on this origin), or somewhere else. */
export function classifyDestination(
  url: string,
  appBase: string,
  origin: string,
): { inApp: true; href: string } | { inApp: false; url: string } {
  const target = new URL(url, origin);
  const inBase = target.pathname === appBase || target.pathname.startsWith(`${appBase}/`);
  if (target.origin !== origin || !inBase)
    return {
      inApp: false,
      url: target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : target.href,
    };
  return { inApp: true, href: `${target.pathname}${target.search}${target.hash}` };
}

/**
 * The app's navigation. Machines may decide before the router exists (start-up answers early):
 * such a move waits and is carried out once the router is attached.
 */
export function createNavigation(
  appBase: string,
  location: Pick<Location, 'origin' | 'assign' | 'replace' | 'search'>,
) {
  let router: RouterNavigate | null = null;
  let waiting: { href: string; replace: boolean } | null = null;

  const navigate = (href: string, replace: boolean) => {
    if (router) void router.navigate({ href, replace });
    else waiting = { href, replace };
  };

  const go = (destination: Destination, options?: { replace?: boolean }) => {
    const replace = options?.replace ?? false;
    if (isRouteTarget(destination)) return navigate(hrefOf(destination, location.search), replace);
    const classified = classifyDestination(destination.href, appBase, location.origin);
    if (classified.inApp) return navigate(classified.href, replace);
    if (replace) location.replace(classified.url);
    else location.assign(classified.url);
  };

  return {
    go,
    attach(target: RouterNavigate) {
      router = target;
      const move = waiting;
      waiting = null;
      if (move) navigate(move.href, move.replace);
    },
  };
}
