import { createRootRouteWithContext, createRoute, createRouter, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { routeAccess } from '../../machines/startup-access.rules';
import type { AppServices } from '../app/services';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { RootLayout } from '../features/shell/RootLayout';
import { validateSearch } from '../domain/query-params';
import { APP_BASE, ROUTES, routePathsOf, type AppRoute, type RouteEntry, type RoutePath } from './route-table';
import { pageComponentFor } from './page-components';

export type RouterContext = AppServices;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  // Every query parameter of the app is read in one zod-validated place; bad values are dropped.
  // Links may pass any parameters (`SearchSchemaInput`): the address keeps those the app does not read.
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput) => validateSearch(search),
});

/**
 * Client-side moves between pages keep to the start-up machine's decision: once it has settled
 * who the visitor is, the same access rules and the same policy it resolved (configuration's
 * guest pages, or the static list when configuration failed) decide each later page.
 */
function guardFor(entry: RouteEntry) {
  return ({ context }: { context: RouterContext }) => {
    const snapshot = context.startup.getSnapshot();
    // While start-up is still deciding, or waiting for the visitor to retry, it redirects by itself once it knows.
    if (snapshot.status === 'active' && (snapshot.hasTag('loading') || snapshot.hasTag('awaitingRetry'))) return;
    const access = routeAccess(snapshot.context, entry.pageCode);
    if (access === 'mySettings') throw redirect({ to: '/mysettings' });
    if (access === 'timeout') throw redirect({ to: '/timeout' });
  };
}

function pageRoute<Path extends RoutePath>(path: Path, entry: AppRoute) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: pageComponentFor(entry.id),
    beforeLoad: guardFor(entry),
  });
}

const hasParams = (path: RoutePath): path is Extract<RoutePath, `${string}$${string}`> => path.includes('$');

// Two calls, so the router's types keep the paths with parameters apart: one route type for
// every path would make every link ask for a `transactionid`.
const pageRoutes = ROUTES.flatMap((entry) => routePathsOf(entry).map((path) => (hasParams(path) ? pageRoute(path, entry) : pageRoute(path, entry))));

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/pricing' });
  },
});

export function createAppRouter(services: AppServices) {
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, ...pageRoutes]),
    basepath: APP_BASE,
    context: services,
    defaultPreload: false,
  });
  // Every route change starts at the top of the page.
  router.subscribe('onResolved', () => window.scrollTo(0, 0));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
