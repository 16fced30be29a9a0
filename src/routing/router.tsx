import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouteComponent,
  type SearchSchemaInput,
} from '@tanstack/react-router';
import type { AppServices } from '../app/services';
import { NotFoundPage } from '../shell/NotFoundPage';
import { RootLayout } from '../shell/RootLayout';
import { validateSearch } from '../domain/query-params';
import {
  APP_BASE,
  DEFAULT_PAGE_CODE,
  ROUTES,
  findRoute,
  routePathsOf,
  type AppRoute,
  type RoutePath,
} from './route-table';
import { DrawnCheckoutPage, pageComponentFor } from './page-components';
import { drawnCheckoutAt } from '../app/drawn-checkout';
import { drawnPageTopAt } from '../app/drawn-page-top';
import { forgetServerDrawingsUnless } from '../app/server-drawing';
import { DrawnPageTop } from '../shell/DrawnPageTop';
import { routeDecision, settledStartup, settledStartupOf } from './startup-guard';
import { hrefOfDestination } from './route-target';
import { isEarlyRoute } from './early-pages';
import { textPacksOf } from './page-texts';
import { namespacesOfPacks } from '../i18n';
import { useSecondPass } from '../ui/use-second-pass';
import { loaderDelayPassed } from '../app/loader-delay';
import { PageSkeleton } from '../ui/Skeleton';
import { skeletonShapeAt } from './skeleton-shapes';
import { useTranslation } from 'react-i18next';

export type RouterContext = AppServices;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  // Every query parameter of the app is read in one zod-validated place; bad values are dropped.
  // Links may pass any parameters (`SearchSchemaInput`): the address keeps those the app does not read.
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput) => validateSearch(search),
});

type PageOfLoader = Pick<AppRoute, 'pageCode' | 'funnel' | 'coreTexts'> & { id: AppRoute['id'] | null };

/**
 * Settles when the page can show what it is for, or after LOADER_AFTER_MS, when it shows its own
 * loading state instead: a funnel page once its offer has settled. Drawn sooner, the offer's
 * arrival would make React throw the page's drawing away and draw it again whole, in one long
 * task (the funnel reaches React through useSyncExternalStore).
 */
function pageReady(context: RouterContext, page: PageOfLoader): Promise<void> {
  return page.funnel ? Promise.race([context.funnel.offerSettled(), loaderDelayPassed()]) : Promise.resolve();
}

/**
 * Every page's loader waits for start-up to settle, then shows the page or moves on as it
 * decided: the first page to the machine's destination, every later page by the same access
 * rules and the same policy it resolved (configuration's guest pages, or the static list when
 * configuration failed). This is the one place start-up's decisions reach the router. It is
 * the loader, not `beforeLoad`, so the frame (with its loader or its retry) draws meanwhile.
 *
 * Then a new visit of the page starts: what it draws from is read afresh (app/page-reads.ts),
 * and a funnel page shows the app's one funnel: the running one when the funnel moved the
 * person here, else one started from the address. The page is shown once it is ready (above).
 */
function pageLoaderFor(page: PageOfLoader) {
  const namespaces = namespacesOfPacks(textPacksOf(page));
  return async ({ context, location }: { context: RouterContext; location: { searchStr: string } }) => {
    // The page's texts load beside start-up: a page beyond the funnel fetches the texts the funnel's pages do without.
    const [settled] = await Promise.all([settledStartup(context.startup), context.i18n.loadNamespaces(namespaces)]);
    const decision = routeDecision(settledStartupOf(settled), page, context.config.dashboardUrl);
    if (decision.kind === 'redirect') {
      const href = hrefOfDestination(decision.to);
      throw decision.inApp
        ? redirect({ href, replace: true })
        : redirect({ href, replace: true, reloadDocument: true });
    }
    context.reads.newVisit();
    if (page.funnel) context.funnel.enter(page.funnel.page, page.funnel.entry, location);
    await pageReady(context, page);
  };
}

function pageRoute<Path extends RoutePath>(path: Path, entry: AppRoute) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    // An early page replaces the server's drawing of its top in the app's first drawing, in one piece.
    component: isEarlyRoute(entry.id) ? pageComponentFor(entry.id) : drawnAsDeferredWork(pageComponentFor(entry.id)),
    loader: pageLoaderFor(entry),
  });
}

/** An address the app does not know counts as the sell page for start-up (routing/route-table.ts), then says it is not found. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  component: NotFoundPage,
  loader: pageLoaderFor({ id: null, pageCode: DEFAULT_PAGE_CODE }),
});

const hasParams = (path: RoutePath): path is Extract<RoutePath, `${string}$${string}`> => path.includes('$');

// Two calls, so the router's types keep the paths with parameters apart: one route type for
// every path would make every link ask for a `transactionid`.
const pageRoutes = ROUTES.flatMap((entry) =>
  routePathsOf(entry).map((path) => (hasParams(path) ? pageRoute(path, entry) : pageRoute(path, entry))),
);

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/pricing' });
  },
});

const PENDING_MS_AFTER_STARTUP = 1000;

/**
 * The page area while its loader waits: where the server rendered checkout's top or another page's
 * top for this address, that top, so the server's rendering stays in place; on another signed-in
 * page, a skeleton of its shape; else empty, and the frame says what is happening.
 */
function WaitingPage() {
  const { t } = useTranslation();
  if (drawnCheckoutAt(window.location)) return <DrawnCheckoutPage />;
  const top = drawnPageTopAt(window.location);
  if (top) return <DrawnPageTop view={top} />;
  const shape = skeletonShapeAt(window.location.pathname);
  return shape ? <PageSkeleton shape={shape} label={t('app.loading')} /> : null;
}

/**
 * A page appears through the router's store, which React draws in one piece it cannot interrupt:
 * a whole page in one long task on a slow phone (billing history's date fields alone are one). So
 * the page area first stays as it was (the waiting page) and the page itself is drawn in a second
 * pass, which React interrupts every few milliseconds to let the browser answer the visitor.
 */
function drawnAsDeferredWork(Page: RouteComponent): RouteComponent {
  function DeferredPage() {
    return useSecondPass() ? <Page /> : <WaitingPage />;
  }
  return Object.assign(DeferredPage, { preload: Page.preload });
}

export function createAppRouter(services: AppServices) {
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, ...pageRoutes, unknownRoute]),
    basepath: APP_BASE,
    context: services,
    defaultPreload: false,
    // While start-up settles, the pages wait in their loaders: the frame (with its loader or its
    // retry) is drawn at once, with an empty page area. Afterwards a page change keeps the page
    // on screen until the next one is ready, as the router does by default.
    defaultPendingComponent: WaitingPage,
    defaultPendingMs: 0,
  });
  void settledStartup(services.startup).then(() =>
    router.update({ ...router.options, defaultPendingMs: PENDING_MS_AFTER_STARTUP }),
  );
  router.subscribe('onResolved', ({ fromLocation, hrefChanged, toLocation }) => {
    forgetServerDrawingsUnless(window.location);
    // Every route change starts at the top of the page. The first page (or the same address loaded
    // again) keeps where the visitor is: they may have scrolled the server's drawing before the app came.
    if (fromLocation && hrefChanged) window.scrollTo(0, 0);
    // Off the funnel's pages, the funnel stops (with its card frame and timers).
    if (!findRoute(toLocation.pathname)?.funnel) services.funnel.leave();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
