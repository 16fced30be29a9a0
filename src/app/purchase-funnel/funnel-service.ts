import { createActor, waitFor } from 'xstate';
import type { FunnelEntry, PurchaseFunnelOutput } from '../../../machines/purchase-funnel.machine';
import type { StartupActor } from '../startup-actor';
import type { Api } from '../../api';
import { flowOf } from '../../../machines/purchase-flow.rules';
import { funnelExit } from '../../domain/funnel-exit';
import { parseQueryParams, queryFlags, readCountryOverride } from '../../domain/query-params';
import { supportedCulture } from '../../i18n';
import { checkoutRoute } from '../../routing/route-table';
import type { Analytics } from '../analytics';
import type { AppNavigation } from '../navigation';
import { COUNTRY_BY_CULTURE } from '../portal';
import { deviceFor } from '../device';
import { appOfferOf, funnelFor, type FunnelActor, type FunnelSetup } from './funnel-effects';
import type { FlowRecording } from '../flow-recording';

/** The pages the funnel runs across. */
export type FunnelPage = 'sell' | 'checkout' | 'processing';

export interface FunnelServiceDeps {
  api: Api;
  analytics: Analytics | undefined;
  startup: StartupActor;
  navigation: AppNavigation;
  dashboardUrl: string;
  /** The language the texts are in now: a guest's market follows it. */
  language: () => string;
  /** The browser's window, for the device (path and width), the cookies and the frame origin. */
  window: Pick<Window, 'innerWidth' | 'location'> & { document: Pick<Document, 'cookie'> };
  /** The flow recorder every funnel is inspected by; none in tests that do not need it. */
  recordFlows?: FlowRecording['recordFlows'];
}

/**
 * Owns the one purchase funnel of the app. A funnel page's route asks it for the funnel of
 * that page (`enter`): the running funnel when the funnel itself moved the person there, with
 * the chosen plan, a payment failure and the loaded offer; otherwise a new funnel started from
 * the address (a link, a reload, the back button). The funnel's own moves (plans, checkout, the
 * way out) reach the router through the app's navigation, here and nowhere else.
 */
export function createFunnelService(deps: FunnelServiceDeps) {
  let running: FunnelActor | null = null;
  /** The page the running funnel last asked for, and the page showing it now. */
  let requested: FunnelPage | null = null;
  let shown: FunnelPage | null = null;
  /** The page and address the running funnel was started from. */
  let startedFrom: string | null = null;
  const listeners = new Set<() => void>();

  const mobile = () => deviceFor(deps.window.location.pathname, deps.window.innerWidth) === 'Mobile';
  /** A winback checkout's flow, carried on to the order confirmation (which names the purchase event by it). */
  const purchaseFlowHere = () => {
    const query = parseQueryParams(deps.window.location.search);
    return flowOf(query.flow ?? null, query.mode ?? null) === 'winback' ? ('winback' as const) : null;
  };
  const migrated = (actor: FunnelActor) => appOfferOf(actor.getSnapshot())?.checkoutMigrated ?? true;

  function movesOf(actor: () => FunnelActor) {
    return {
      showPlans(skuId: number | null) {
        requested = 'sell';
        if (shown === 'sell') return;
        deps.navigation.go(
          { to: mobile() ? '/mobile/plans' : '/pricing', search: { skuid: skuId ?? undefined } },
          { replace: true },
        );
      },
      showCheckout(skuId: number) {
        requested = 'checkout';
        if (shown === 'checkout') return;
        deps.navigation.go({ to: checkoutRoute(migrated(actor()), mobile()), search: { skuid: skuId } });
      },
      leave(output: PurchaseFunnelOutput) {
        requested = null;
        const offer = appOfferOf(actor().getSnapshot());
        const destination = funnelExit(output, {
          dashboardUrl: deps.dashboardUrl,
          device: deviceFor(deps.window.location.pathname, deps.window.innerWidth),
          checkout: checkoutRoute(offer?.checkoutMigrated ?? true, mobile()),
          commonPostPaymentUrl: offer?.commonPostPaymentUrl ?? false,
          coverLetterDoctype: offer?.coverLetterDoctype ?? false,
          purchaseFlow: purchaseFlowHere(),
        });
        if (destination) deps.navigation.go(destination, { replace: output.kind === 'paid' });
      },
    };
  }

  function startFromAddress(entry: FunnelEntry, searchStr: string): FunnelActor {
    const query = parseQueryParams(searchStr);
    const flags = queryFlags(query);
    const setup: FunnelSetup = {
      api: deps.api,
      analytics: deps.analytics,
      claims: deps.startup.getSnapshot().context.claims,
      guestCountry:
        query.countrycd ??
        readCountryOverride(deps.window.document.cookie) ??
        COUNTRY_BY_CULTURE[supportedCulture(deps.language())],
      entry,
      requestedSkuId: query.skuid ?? null,
      jobId: flags.jobId,
      apmReturn:
        entry === 'apmReturn' && query.orderid && query.skuid && query.method && query.status
          ? {
              transactionId: query.orderid,
              skuId: query.skuid,
              method: query.method,
              approved: query.status === 'approved',
            }
          : null,
      doctype: query.doctype ?? null,
      winback: flowOf(query.flow ?? null, query.mode ?? null) === 'winback',
      frameOrigin: deps.window.location.origin,
    };
    let actor: FunnelActor | null = null;
    const { machine, input } = funnelFor(
      setup,
      movesOf(() => actor!),
    );
    actor = createActor(machine, { inspect: deps.recordFlows, input }) as FunnelActor;
    return actor;
  }

  return {
    /** The funnel of the page a route is about to show. */
    enter(page: FunnelPage, entry: FunnelEntry, location: { searchStr: string }): FunnelActor {
      shown = page;
      const address = `${page} ${entry} ${location.searchStr}`;
      // The funnel moved the person here, or the same address is loaded again before the funnel asked for any page.
      const keeps = requested === page || (requested === null && startedFrom === address);
      if (running && running.getSnapshot().status === 'active' && keeps) return running;
      running?.stop();
      requested = null;
      startedFrom = address;
      running = startFromAddress(entry, location.searchStr);
      running.start();
      for (const listener of listeners) listener();
      return running;
    },
    /** A page outside the funnel shows: the funnel stops, with its card frame and timers. */
    leave() {
      shown = null;
      requested = null;
      startedFrom = null;
      running?.stop();
    },
    current: (): FunnelActor | null => running,
    /** Settles once the running funnel (if any) has its offer, or has stopped: what its page draws first. */
    offerSettled: (): Promise<void> =>
      running
        ? waitFor(running, (s) => s.status !== 'active' || !s.hasTag('offer.loading')).then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve(),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;
