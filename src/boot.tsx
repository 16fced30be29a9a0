/** The app itself: started by main.tsx once the page the server sent has been painted. */
import './start/aria-libraries';
import './start/libraries';
import './start/state-libraries';
import './start/routing-libraries';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createApi } from './api';
import { parseQueryParams, queryFlags } from './domain/query-params';
import { startAnalytics } from './app/analytics';
import { createNavigation } from './app/navigation';
import { createPageReads } from './app/page-reads';
import { createFunnelService } from './app/purchase-funnel/funnel-service';
import { readRuntimeConfig } from './app/runtime-config';
import { ServicesProvider, type AppServices } from './app/services';
import { applyQueryOverrides } from './app/query-overrides';
import { browserTimeZone, keepTimeZoneCookie } from './app/time-zone-cookie';
import { startStartup } from './app/startup';
import { applyTextDirection } from './app/text-direction';
import { recordUserStages } from './app/user-stage';
import { createI18n } from './i18n';
import { visitorCulture } from './i18n/visitor-culture';
import { createAppRouter } from './routing/router';
import { textPacksForPath } from './routing/page-texts';
import { loadDrawnCheckout, loadWholeSellPage, preloadPageOf } from './routing/page-components';
import { drawnCheckoutAt } from './app/drawn-checkout';
import { serverDrewTopAt } from './app/server-drawing';
import { serverDrewSellPageAtRestAt } from './app/sell-page-at-rest';
import { keepScrollThroughFirstDrawing } from './app/keep-scroll';
import { viewReportedAtRest } from './page-at-rest';
import { createFlowRecording } from './app/flow-recording';
import { createKeptActors } from './app/kept-actors';
import { loaderDelayPassed } from './app/loader-delay';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

applyQueryOverrides(
  window.location.search,
  document,
  () => localStorage,
  () => sessionStorage,
);
keepTimeZoneCookie({ document, window, zone: browserTimeZone });
const config = readRuntimeConfig();
const api = createApi({
  apiBase: config.apiBase,
  freshReads: !queryFlags(parseQueryParams(window.location.search)).useCache,
});
preloadPageOf(window.location.pathname);
// The first use of storage (the query's overrides) and making the API's client are a task of their own.
await nextTask();
const culture = visitorCulture(window.location.pathname, window.location.search, navigator.languages);
const texts = createI18n(culture, textPacksForPath(window.location.pathname));
// Setting up the texts and then start-up are each tens of milliseconds on a slow phone: a pause
// between them lets the browser answer the visitor. Claims and configuration are on their way while the texts load.
await nextTask();
const flowRecording = createFlowRecording();
const startup = startStartup(api, texts, culture, window.location, window.innerWidth, flowRecording.recordFlows);
const i18n = await texts;
document.documentElement.lang = i18n.language;
void applyTextDirection(startup.shellConfig, () => i18n.language, document.documentElement);
i18n.on(
  'languageChanged',
  () => void applyTextDirection(startup.shellConfig, () => i18n.language, document.documentElement),
);
const analytics = startAnalytics({
  api,
  startup: startup.actor,
  flowRecording,
  firstViewReported: viewReportedAtRest(document),
});
const navigation = createNavigation(config.appBase, window.location);
const funnel = createFunnelService({
  api,
  analytics,
  startup: startup.actor,
  navigation,
  dashboardUrl: config.dashboardUrl,
  language: () => i18n.language,
  window,
  recordFlows: flowRecording.recordFlows,
});
const services: AppServices = {
  api,
  startup: startup.actor,
  config,
  analytics,
  navigation,
  funnel,
  reads: createPageReads(),
  lastingReads: createPageReads(),
  recordFlows: flowRecording.recordFlows,
  keptActors: createKeptActors(),
  i18n,
};
// Making the services, the router and the first load are each tens of milliseconds on a slow phone: pauses between them keep the tasks short.
await nextTask();
const router = createAppRouter(services);
navigation.attach(router);
analytics.trackScreens(router);
recordUserStages(router, { api, startup: startup.actor, claims: startup.claims, location: window.location });
await nextTask();

// The app's first drawing is the page itself, settled by the router (start-up and the page's
// readiness included, routing/router.tsx), whenever that is soon: React draws a first render in
// slices it can interrupt, but the router's later changes reach React through useSyncExternalStore,
// which it draws at once, in one long task. Meanwhile the server's drawing stays on screen. Where
// the server drew checkout's top (or another page's), the app waits for the page however long it
// takes: that top is the page until then. Anywhere else a start-up that takes longer gets the
// loader, drawn over the server's drawing.
const firstLoad = router.load().catch(() => undefined);
if (drawnCheckoutAt(window.location)) await loadDrawnCheckout().catch(() => undefined);
if (serverDrewSellPageAtRestAt(window.location)) {
  await loadWholeSellPage().catch(() => undefined);
  keepScrollThroughFirstDrawing(router, window);
}
if (serverDrewTopAt(window.location)) await firstLoad;
else await Promise.race([firstLoad, loaderDelayPassed()]);
const root = createRoot(document.getElementById('root')!);
// The first drawing may be interrupted (by input, or to let the browser paint) instead of holding the page in one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
