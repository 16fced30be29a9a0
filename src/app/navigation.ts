/**
 * The one way a machine's decision moves the person: machines name a destination URL in an
 * action the app provides, and this carries it out. Addresses inside the app go through the
 * router; anything else (the dashboard, a payment provider) is a new document.
 */
export interface AppNavigation {
  go(url: string, options?: { replace?: boolean }): void;
}

/** What the navigation needs of the router: a client-side move to a full path (base included) with its query. */
export interface RouterNavigate {
  navigate(options: { href: string; replace?: boolean }): Promise<unknown>;
}

/** Where a URL leads: a path of this app (its path, query and hash on this origin), or somewhere else. */
export function classifyDestination(url: string, appBase: string, origin: string): { inApp: true; href: string } | { inApp: false; url: string } {
  const target = new URL(url, origin);
  const inBase = target.pathname === appBase || target.pathname.startsWith(`${appBase}/`);
  if (target.origin !== origin || !inBase) return { inApp: false, url: target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : target.href };
  return { inApp: true, href: `${target.pathname}${target.search}${target.hash}` };
}

/**
 * The app's navigation. Machines may decide before the router exists (start-up answers early):
 * such a move waits and is carried out once the router is attached.
 */
export function createNavigation(appBase: string, location: Pick<Location, 'origin' | 'assign' | 'replace'>) {
  let router: RouterNavigate | null = null;
  let waiting: { url: string; replace: boolean } | null = null;

  const go = (url: string, options?: { replace?: boolean }) => {
    const replace = options?.replace ?? false;
    const destination = classifyDestination(url, appBase, location.origin);
    if (!destination.inApp) {
      if (replace) location.replace(destination.url);
      else location.assign(destination.url);
      return;
    }
    if (!router) {
      waiting = { url, replace };
      return;
    }
    void router.navigate({ href: destination.href, replace });
  };

  return {
    go,
    attach(target: RouterNavigate) {
      router = target;
      const move = waiting;
      waiting = null;
      if (move) go(move.url, { replace: move.replace });
    },
  };
}

