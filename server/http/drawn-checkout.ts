import { createActor, fromPromise, waitFor } from 'xstate';
import { startupAccessMachine, type UserData } from '../../machines/startup-access.machine';
import {
  routeAccess,
  type AccessClaims,
  type DeviceType,
  type StartupConfig,
} from '../../machines/startup-access.rules';
import { purchaseFunnelMachine, type FunnelEntry } from '../../machines/purchase-funnel.machine';
import {
  buyableSku,
  sellablePlans,
  serviceSkus,
  DELAYED_NOTICE_MS,
  type FunnelOffer,
  type PaymentMethodCode,
} from '../../machines/purchase-funnel.rules';
import { flowOf } from '../../machines/purchase-flow.rules';
import type { Sku } from '../../src/api/schemas/skus';
import {
  STARTUP_POLICY,
  findRoute,
  isMobilePath,
  pageCodeFor,
  parseQueryParams,
  queryFlags,
  readUserStatus,
  type DrawnCheckout,
} from '../../src/server-drawn';
import type { Database } from '../db/database';
import type { SkuFilter } from '../repositories/skus';
import { cachedSkus } from './cached-reads';
import { findActivePlan } from '../repositories/subscriptions';
import { toClaims, type UserRow } from '../repositories/users';
import { paymentMethodsOf } from '../routes/pages';
import type { ReadCache } from './read-cache';

/** What the server knows of a request for a page. */
export interface PageRequest {
  pathname: string;
  search: string;
  /** The request's Cookie header: start-up reads the user status cookie from it, as the page does. */
  cookieHeader: string;
  user: UserRow | null;
  sessionId: string | null;
}

export interface DrawnCheckoutDeps {
  db: Database;
  cache: ReadCache;
}

/** Start-up and the funnel settle from the database in a few reads; past this the page is sent as it is today. */
const SETTLE_WITHIN_MS = 1500;

/**
 * Whether the server may draw checkout's top for this request, and with what: only for a
 * signed-in person on a checkout address, when start-up (its machine, with the person's claims)
 * lets them stay on the page, and the purchase funnel (its machine, with the offer read from the
 * same tables the API reads) opens checkout for the plan the address names. The machines decide;
 * this only gives them their reads. Anything uncertain (no session, another page, a winback or
 * job flow, a funnel that does not reach checkout, a read that fails) draws nothing new.
 */
export async function drawnCheckoutFor(request: PageRequest, deps: DrawnCheckoutDeps): Promise<DrawnCheckout | null> {
  const route = findRoute(request.pathname);
  if (route?.funnel?.page !== 'checkout' || !request.user || !request.sessionId) return null;
  const query = parseQueryParams(request.search);
  // A winback checkout sells other offers, and a job flow looks the job up first: the app settles those itself.
  if (
    query.skuid === undefined ||
    flowOf(query.flow ?? null, query.mode ?? null) === 'winback' ||
    queryFlags(query).jobId !== null
  )
    return null;
  const user = request.user;
  const claims = toClaims(user, request.sessionId);
  try {
    if (!(await startupLetsStay(request, claims))) return null;
    const offer = await offerOf(user, deps);
    const sku = await funnelCheckoutSku(offer, route.funnel.entry, query.skuid);
    return sku ? { href: request.pathname + request.search, sku, paymentMethods: offer.paymentMethods } : null;
  } catch {
    return null;
  }
}

/**
 * Start-up's machine for this person (or guest) and address, settled: no destination elsewhere, and
 * the access rules allow the page. The device is the one the server guessed, else the one the
 * address names: it only matters for guests.
 */
export async function startupLetsStay(
  request: PageRequest,
  claims: AccessClaims,
  device?: DeviceType,
): Promise<boolean> {
  const machine = startupAccessMachine.provide({
    actors: {
      // Configuration only opens pages to guests; for a signed-in person the app's own policy decides the same.
      loadConfig: fromPromise<StartupConfig>(async () => ({
        unauthenticatedPages: null,
        testimonialLoaderVariation: null,
      })),
      loadClaims: fromPromise<AccessClaims | null>(async () => claims),
      // The person's preferences and theme change how the page looks, not whether it shows.
      loadUserData: fromPromise<UserData, { claims: AccessClaims }>(async () => ({ preferences: [] })),
      decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'default'),
    },
  });
  const actor = createActor(machine, {
    input: {
      request: {
        pageCode: pageCodeFor(request.pathname),
        device: device ?? (isMobilePath(request.pathname) ? 'Mobile' : 'Desktop'),
        source: parseQueryParams(request.search).from?.toLowerCase() ?? null,
        subRole: readUserStatus(request.cookieHeader).subRole,
      },
      policy: STARTUP_POLICY,
    },
  });
  actor.start();
  try {
    const settled = await waitFor(
      actor,
      (s) => s.status === 'done' || s.hasTag('themeFinal') || s.hasTag('awaitingRetry'),
      { timeout: SETTLE_WITHIN_MS },
    );
    // As the route guard reads it (routing/startup-guard.ts): a destination sends checkout elsewhere.
    if (settled.status === 'done' || !settled.hasTag('themeFinal')) return false;
    return routeAccess(settled.context, pageCodeFor(request.pathname)) === 'allow';
  } finally {
    actor.stop();
  }
}

type ServerOffer = FunnelOffer<Sku>;

/** The offer as the app's funnel loads it for a signed-in person, read from the same tables (and the same read cache) as the API. */
async function offerOf(user: UserRow, deps: DrawnCheckoutDeps): Promise<ServerOffer> {
  const skus = (filter: SkuFilter) => cachedSkus(deps, filter);
  // The same filters (and so the same cache keys) as GET /skus?userUID=…&sellPageOnly=true and GET /skus?userUID=….
  const [plans, all, activePlan] = await Promise.all([
    skus({
      countryCd: user.country_cd,
      portalCd: undefined,
      sellPageOnly: true,
      skuId: undefined,
      winbackDays: undefined,
    }),
    skus({
      countryCd: user.country_cd,
      portalCd: undefined,
      sellPageOnly: undefined,
      skuId: undefined,
      winbackDays: undefined,
    }),
    findActivePlan(deps.db, user.user_uid),
  ]);
  return {
    skus: sellablePlans(plans.Skus),
    services: serviceSkus(all.Skus),
    signedIn: true,
    paymentMethods: paymentMethodsOf(user).map((m) => m.Code as PaymentMethodCode),
    alreadySubscribed: Boolean(activePlan),
    savedCartSkuId: null,
    commonPostPaymentUrl: false,
    coverLetterDoctype: false,
    processingLogThresholdMs: 60_000,
    delayedNoticeMs: DELAYED_NOTICE_MS,
  };
}

/** The funnel's machine started from the address with this offer: the plan it opens checkout with, if it does. */
async function funnelCheckoutSku(offer: ServerOffer, entry: FunnelEntry, requestedSkuId: number): Promise<Sku | null> {
  const settled = await settledFunnel(offer, entry, requestedSkuId);
  return settled.matches('checkout') ? (buyableSku(offer, settled.context.selectedSkuId) ?? null) : null;
}

/** The funnel's machine started at an entry with this offer (its only read), once it has left loading: the state it settled in. */
export async function settledFunnel(offer: FunnelOffer, entry: FunnelEntry, requestedSkuId: number | null) {
  const machine = purchaseFunnelMachine.provide({
    actors: { loadOffer: fromPromise<FunnelOffer, { entry: FunnelEntry }>(async () => offer) },
  });
  const actor = createActor(machine, {
    input: { entry, requestedSkuId, jobId: null, apmReturn: null, frameOrigin: '' },
  });
  actor.start();
  try {
    return await waitFor(actor, (s) => !s.matches('loading'), { timeout: SETTLE_WITHIN_MS });
  } finally {
    actor.stop();
  }
}
