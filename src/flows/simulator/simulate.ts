/**
 * "What will this person see": the purchase path and the cancellation path of one persona, with
 * a country, a device, experiment variations and query parameters, worked out by running the
 * app's own machines headless. Every decision comes from the machines and the rules the pages use
 * (src/domain, machines/*.rules.ts); the data comes from `SimulatorReads`, which the server
 * answers from its own database, the same answers the browser gets.
 */
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { cancellationReminderMachine } from '../../../machines/cancellation-reminder.machine';
import type { PaymentSuccess } from '../../../machines/checkout-frame.rules';
import { mySettingsMachine } from '../../../machines/my-settings.machine';
import {
  preCancelMachine,
  type AcceptOfferInput,
  type PreCancelData,
  type PreCancelOutput,
} from '../../../machines/pre-cancel.machine';
import { cancelFlowArm } from '../../../machines/pre-cancel.rules';
import {
  purchaseFunnelMachine,
  type ApmReturn,
  type FunnelEntry,
  type PurchaseFunnelOutput,
} from '../../../machines/purchase-funnel.machine';
import type { FunnelOffer, JobLookup } from '../../../machines/purchase-funnel.rules';
import { isSignedInUser } from '../../../machines/startup-access.rules';
import { flowOf } from '../../../machines/purchase-flow.rules';
import type { SettingsAccount } from '../../../machines/my-settings.rules';
import type { SimulatedPage, SimulationRequest, SimulationResult } from '../../api/schemas/flows-simulator';
import { GUEST_PERSONA } from '../../api/schemas/flows-simulator';
import type { Claims } from '../../api/schemas/users';
import { cancelFlowVariationOf } from '../../domain/cancel-flow-arm';
import { reminderInputOf, remindsBeforeRenewal } from '../../domain/cancellation-reminder';
import type { DeviceType } from '../../domain/eligibility';
import {
  EXPERIMENT_COOKIE,
  effectiveAssignments,
  readExperimentAssignments,
  serializeExperimentCookie,
} from '../../domain/experiments';
import { funnelExit } from '../../domain/funnel-exit';
import { loadFunnelOffer, type AppOffer, type FunnelReads } from '../../domain/funnel-offer';
import { loadPreCancelData, preCancelExit, type PreCancelReads } from '../../domain/pre-cancel-data';
import { parseQueryParams, queryFlags } from '../../domain/query-params';
import { sellContextOf, sellPageBlocks } from '../../domain/sell-context';
import { plansOnShow } from '../../domain/sell-plans';
import { loadSettingsAccount, type SettingsAccountReads } from '../../domain/settings-account';
import { visitorOf } from '../../domain/visitor';
import { APP_BASE, checkoutRoute, pageCodeFor } from '../../routing/route-table';
import { hrefOf, hrefOfDestination } from '../../routing/route-target';

/** Every read the simulated pages make, shaped as the app's API client has them. */
export type SimulatorReads = FunnelReads &
  PreCancelReads &
  SettingsAccountReads & {
    users: {
      claims(): Promise<Claims>;
      preferences(userId: string): Promise<{ Preferences: { code: string; value: string }[] }>;
    };
    jobs: { lookUp(jobId: string): Promise<JobLookup> };
  };

export interface SimulatorSettings {
  /** The builder's dashboard (outside this app), where some paths end. */
  dashboardUrl: string;
  /** Whose market a guest is in, and which portal's assignments a guest has: the default culture's. */
  guestCountry: string;
  guestPortalCode: string;
  guestPortalId: number;
  now: Date;
}

/** What the browser would be opened with: the address's query and the cookies the overrides become. */
export interface SimulatedVisit {
  /** `?…` (or empty): the query parameters asked for, with the country override as `countrycd`. */
  search: string;
  /** The `ew_exp` cookie carrying the variations, for the persona's portal; empty when none. */
  experimentCookie: string;
}

/** The query string and experiment cookie a simulation's overrides turn into. */
export function visitOf(
  request: Pick<SimulationRequest, 'country' | 'query' | 'variations'>,
  portalCode: string,
): SimulatedVisit {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query))
    if (value !== undefined && value !== '') params.set(name, value);
  if (request.country && !params.has('countrycd')) params.set('countrycd', request.country);
  const entries = Object.entries(request.variations).map(([ExperimentGUID, VariationIndex]) => ({
    ExperimentGUID,
    VariationIndex,
    PortalCD: portalCode.toUpperCase(),
  }));
  const search = params.toString();
  return {
    search: search ? `?${search}` : '',
    experimentCookie: entries.length > 0 ? `${EXPERIMENT_COOKIE}=${serializeExperimentCookie(entries)}` : '',
  };
}

/** The first page of each path: the sell page the device gets, and my settings. */
export function firstPathOf(path: 'purchase' | 'cancellation', device: SimulationRequest['device']): string {
  if (path === 'cancellation') return hrefOf({ to: '/mysettings' });
  return hrefOf({ to: device === 'mobile' ? '/mobile/plans' : '/pricing' });
}

const SETTLE_MS = 10_000;

/** Waits until a started actor leaves the states where it is loading. */
async function settled<T extends AnyActorRef>(
  actor: T,
  busy: (snapshot: ReturnType<T['getSnapshot']>) => boolean,
): Promise<ReturnType<T['getSnapshot']>> {
  return (await waitFor(actor, (s) => !busy(s as ReturnType<T['getSnapshot']>), { timeout: SETTLE_MS })) as ReturnType<
    T['getSnapshot']
  >;
}

/** The deepest active state's id, as the explorer names states. */
function stateIdOf(snapshot: { _nodes: readonly { id: string; type: string }[] }): string {
  const leaves = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  return leaves.at(-1)?.id ?? '';
}

const pathOnly = (url: string) => url.split(/[?#]/)[0] ?? url;
/** A page of this app has a page code; an address outside it (the dashboard, a provider) is named by its path. */
const codeOf = (url: string) => (pathOnly(url).startsWith(`${APP_BASE}/`) ? pageCodeFor(pathOnly(url)) : 'OutsideApp');

export async function simulate(
  request: SimulationRequest,
  reads: SimulatorReads,
  settings: SimulatorSettings,
): Promise<SimulationResult> {
  const guest = request.persona === GUEST_PERSONA;
  const claims = guest ? null : await reads.users.claims();
  const signedIn = claims !== null && isSignedInUser(claims);
  const portalCode = signedIn ? claims.PortalCD : settings.guestPortalCode;
  const visit = visitOf(request, portalCode);
  const query = parseQueryParams(visit.search);
  const flags = queryFlags(query);
  const overrides = { disableTests: flags.testsDisabled, runTest: flags.runTest };
  const assignments = effectiveAssignments(readExperimentAssignments(visit.experimentCookie, portalCode), overrides);
  const device: DeviceType = request.device === 'mobile' ? 'Mobile' : 'Desktop';
  const guestCountry = query.countrycd ?? settings.guestCountry;
  const visitorAt = (pathname: string) =>
    visitorOf({
      account: signedIn ? claims : null,
      guestCountry,
      pathname,
      search: visit.search,
      cookieHeader: visit.experimentCookie,
      device,
    });
  const context = {
    request,
    reads,
    settings,
    claims: signedIn ? claims : null,
    portalCode,
    visit,
    device,
    guestCountry,
    visitorAt,
  };

  const purchase = await purchasePath(context);
  const cancellation = signedIn ? await cancellationPath({ ...context, claims }) : [];
  const self = visitorAt(firstPathOf('purchase', request.device));
  return {
    persona: {
      id: request.persona,
      userType: self.userType ?? 'NEW',
      country: self.country ?? guestCountry,
      portal: portalCode,
      signedIn,
    },
    device: request.device,
    variations: Object.fromEntries(assignments.map((a) => [a.ExperimentGUID, a.VariationIndex])),
    purchase,
    cancellation,
  };
}

interface PathContext {
  request: SimulationRequest;
  reads: SimulatorReads;
  settings: SimulatorSettings;
  claims: Claims | null;
  portalCode: string;
  visit: SimulatedVisit;
  device: DeviceType;
  guestCountry: string;
  visitorAt: (pathname: string) => ReturnType<typeof visitorOf>;
}

/** The sell page, checkout and where a paid plan leads, with the purchase funnel's machine. */
async function purchasePath(ctx: PathContext): Promise<SimulatedPage[]> {
  const { request, reads, settings, claims, visit } = ctx;
  const query = parseQueryParams(visit.search);
  const flags = queryFlags(query);
  const mobile = request.device === 'mobile';
  const sellPath = firstPathOf('purchase', request.device);
  const exits: PurchaseFunnelOutput[] = [];
  const machine = purchaseFunnelMachine.provide({
    actors: {
      loadOffer: fromPromise<FunnelOffer, { entry: FunnelEntry }>(() =>
        loadFunnelOffer(reads, {
          claims,
          guestCountry: ctx.guestCountry,
          doctype: query.doctype ?? null,
          winback: flowOf(query.flow ?? null, query.mode ?? null) === 'winback',
          cookieHeader: visit.experimentCookie,
          // A fresh browser has no cart left from an earlier checkout.
          savedCartSkuId: () => null,
        }),
      ),
      lookUpJob: fromPromise<JobLookup, { jobId: string }>(({ input }) => reads.jobs.lookUp(input.jobId)),
      completeApmPayment: fromPromise<PaymentSuccess, ApmReturn>(async () => {
        throw new Error('a payment provider return is not simulated');
      }),
    },
    actions: {
      leaveFunnel: (_, params) => void exits.push(params.output),
    },
  });
  const actor = createActor(machine, {
    input: {
      entry: 'sell',
      requestedSkuId: query.skuid ?? null,
      jobId: flags.jobId,
      apmReturn: null,
      frameOrigin: 'simulator',
    },
  });
  actor.start();
  try {
    const pages: SimulatedPage[] = [];
    let snapshot = await settled(actor, (s) => s.hasTag('offer.loading'));
    const offer = snapshot.context.offer as AppOffer | null;
    const sellUrl = `${sellPath}${visit.search}`;
    if (snapshot.matches('unavailable') || !offer) {
      pages.push({
        path: sellUrl,
        pageCode: pageCodeFor(sellPath),
        machine: 'purchaseFunnel',
        state: stateIdOf(snapshot),
        offers: [],
        blocks: ['offerUnavailable'],
        facts: {},
        next: null,
      });
      return pages;
    }
    const sell = sellContextOf(offer.sellConfig, {
      visitor: ctx.visitorAt(sellPath),
      portalCode: ctx.portalCode,
      portalId: claims?.PortalID ?? settings.guestPortalId,
      search: visit.search,
      cookieHeader: visit.experimentCookie,
    });
    if (snapshot.matches('alreadySubscribed')) {
      pages.push({
        path: sellUrl,
        pageCode: pageCodeFor(sellPath),
        machine: 'purchaseFunnel',
        state: stateIdOf(snapshot),
        offers: [],
        // The steps stand above the notice as above the plans.
        blocks: [...(sell.block('breadcrumb').shown ? ['breadcrumb'] : []), 'alreadySubscribed'],
        facts: { plansPriced: offer.skus.map((s) => s.PlanTier ?? 'plan').join(',') },
        next: null,
      });
      return pages;
    }
    const selected = offer.skus.find((s) => s.SkuID === snapshot.context.selectedSkuId) ?? null;
    const plans = plansOnShow(sell.layout, offer.skus, {
      selectedSkuId: snapshot.context.selectedSkuId,
      annualOpened: false,
    });
    pages.push({
      path: sellUrl,
      pageCode: pageCodeFor(sellPath),
      machine: 'purchaseFunnel',
      state: stateIdOf(snapshot),
      offers: plans.visible.map((sku) => `plan:${sku.PlanTier ?? 'fullAccess'}`),
      blocks: [
        ...sellPageBlocks(sell, offer, snapshot.context.selectedSkuId),
        ...(plans.hiddenAnnual ? ['showAnnual'] : []),
      ],
      facts: {
        layout: sell.layout,
        preselected: selected?.PlanTier ?? null,
        job: snapshot.context.job.status,
        signedIn: offer.signedIn,
      },
      next: selected ? 'plan.continue (with the preselected plan)' : null,
    });
    if (!selected) return pages;

    actor.send({ type: 'plan.continue' });
    snapshot = actor.getSnapshot();
    const exitSettings = {
      dashboardUrl: settings.dashboardUrl,
      device: ctx.device,
      checkout: checkoutRoute(offer.checkoutMigrated, mobile),
      commonPostPaymentUrl: offer.commonPostPaymentUrl,
      coverLetterDoctype: offer.coverLetterDoctype,
      purchaseFlow: flowOf(query.flow ?? null, query.mode ?? null) === 'winback' ? ('winback' as const) : null,
    };
    if (snapshot.matches('signingIn')) {
      const exit = exits[0] ? funnelExit(exits[0], exitSettings) : null;
      const url = exit && hrefOfDestination(exit);
      if (url)
        pages.push({
          path: url,
          pageCode: codeOf(url),
          machine: 'purchaseFunnel',
          state: stateIdOf(snapshot),
          offers: [],
          blocks: [],
          facts: { signIn: true },
          next: null,
        });
      return pages;
    }
    if (!snapshot.matches('checkout')) return pages;
    const checkout = hrefOf({ to: checkoutRoute(offer.checkoutMigrated, mobile), search: { skuid: selected.SkuID } });
    pages.push({
      path: checkout,
      pageCode: pageCodeFor(pathOnly(checkout)),
      machine: 'purchaseFunnel',
      state: stateIdOf(snapshot),
      offers: [`plan:${selected.PlanTier ?? 'fullAccess'}`],
      blocks: [...offer.paymentMethods.map((m) => `method:${m}`), ...(offer.suspended ? ['suspendedNotice'] : [])],
      facts: { migratedCheckout: offer.checkoutMigrated },
      next: 'pay with the card that succeeds',
    });

    // The card frame (the real frame machine) loads for this checkout and reports the card that succeeds.
    const frame = snapshot.children.checkoutFrame;
    frame?.send({ type: 'frame.loaded', skuId: selected.SkuID, sessionGuid: snapshot.context.sessionGuid ?? '' });
    frame?.send({
      type: 'frame.paymentSucceeded',
      payment: {
        transactionId: 0,
        subscriptionId: 0,
        skuId: selected.SkuID,
        amount: 0,
        currency: selected.CurrencyCD,
        replayed: false,
        paymentMethod: 'CRCD',
        cardType: 'VISA',
      },
    });
    snapshot = await settled(actor, (s) => s.status === 'active' && s.matches('checkout'));
    const paid = exits.find((e) => e.kind === 'paid');
    const exit = paid ? funnelExit(paid, exitSettings) : null;
    const url = exit && hrefOfDestination(exit);
    if (url) {
      pages.push({
        path: pathOnly(url),
        pageCode: codeOf(url),
        machine: 'purchaseFunnel',
        state: stateIdOf(snapshot),
        offers: [],
        blocks: [],
        facts: { afterPayment: true },
        next: null,
      });
    }
    return pages;
  } finally {
    actor.stop();
  }
}

/** My settings, the pre-cancel page and where "cancel" leads, with their machines. */
async function cancellationPath(ctx: PathContext & { claims: Claims }): Promise<SimulatedPage[]> {
  const { reads, settings, claims, visit } = ctx;
  const flags = queryFlags(parseQueryParams(visit.search));
  const overrides = { disableTests: flags.testsDisabled, runTest: flags.runTest };
  const cancelFlowVariation = cancelFlowVariationOf(visit.experimentCookie, claims.PortalCD, overrides);
  const pages: SimulatedPage[] = [];

  // My settings.
  const settingsPath = firstPathOf('cancellation', ctx.request.device);
  const account = createActor(
    mySettingsMachine.provide({
      actors: {
        loadAccount: fromPromise<SettingsAccount, { userUid: string }>(({ input }) =>
          loadSettingsAccount(reads, input.userUid),
        ),
      },
    }),
    { input: { userUid: claims.UserUID } },
  );
  account.start();
  const settingsSnapshot = await settled(account, (s) => s.hasTag('loading'));
  account.stop();
  const { plan, entries } = settingsSnapshot.context;
  const offers: string[] = [];
  if (remindsBeforeRenewal(plan)) {
    const preferences = await reads.users.preferences(claims.UserUID);
    const reminder = createActor(cancellationReminderMachine, {
      input: reminderInputOf({
        userUid: claims.UserUID,
        plan,
        preferences: preferences.Preferences.map((p) => ({ code: p.code, value: p.value })),
        bypassPreferenceCheck: flags.bypassCancellationReminderPreferenceCheck,
        // A fresh browser has not accepted it before.
        acceptedLocally: false,
        cancelFlowVariation,
        now: settings.now,
      }),
    });
    reminder.start();
    reminder.send({ type: 'reminder.show' });
    if (reminder.getSnapshot().matches('offered')) offers.push('cancellationReminder');
    reminder.stop();
  }
  const cancels = entries.includes('cancel');
  pages.push({
    path: `${settingsPath}${visit.search}`,
    pageCode: pageCodeFor(settingsPath),
    machine: 'mySettings',
    state: stateIdOf(settingsSnapshot),
    offers,
    blocks: entries.map((entry) => `entry:${entry}`),
    facts: { planStatus: plan?.StatusCD ?? null, cancelFlowVariation },
    next: cancels ? 'entry:cancel' : null,
  });
  if (!cancels) return pages;

  // The pre-cancel page.
  const prePath = hrefOf({ to: '/cancellation/pre' });
  const visitor = {
    context: ctx.visitorAt(prePath),
    userType: claims.UserType ?? null,
    assignments: readExperimentAssignments(visit.experimentCookie, claims.PortalCD),
    overrides,
    cancelFlowVariation,
  };
  const user = { UserUID: claims.UserUID, PortalID: claims.PortalID, CountryCD: claims.CountryCD };
  const outputs: PreCancelOutput[] = [];
  const preCancel = createActor(
    preCancelMachine.provide({
      actors: {
        loadPreCancel: fromPromise<PreCancelData, { userUid: string }>(() => loadPreCancelData(reads, user, visitor)),
        acceptSaveOffer: fromPromise<unknown, AcceptOfferInput>(async () => {
          throw new Error('taking an offer is not simulated');
        }),
      },
      actions: { leavePreCancel: (_, output) => void outputs.push(output) },
    }),
    {
      input: {
        userUid: claims.UserUID,
        device: ctx.device === 'Mobile' ? 'Mobile' : 'Desktop',
        countryCd: claims.CountryCD,
      },
    },
  );
  preCancel.start();
  try {
    const pre = await settled(preCancel, (s) => s.hasTag('loading'));
    const data = pre.context.data;
    pages.push({
      path: prePath,
      pageCode: pageCodeFor(prePath),
      machine: 'preCancel',
      state: stateIdOf(pre),
      offers: pre.matches('offering') && data?.saveOffer ? [`saveOffer:${data.saveOffer.offerId}`] : [],
      blocks: data
        ? [
            pre.context.featureBasedPage ? 'featureBasedPage' : 'standardPage',
            ...(data.complaint !== 'none' ? [`complaint:${data.complaint}`] : []),
          ]
        : [],
      facts: {
        strategy: data?.strategy ?? null,
        arm: cancelFlowArm(data?.cancelFlowVariation ?? null),
        buttonOrder: pre.context.buttonOrder.join(','),
      },
      next: pre.can({ type: 'preCancel.cancel' }) ? 'preCancel.cancel' : null,
    });
    if (!pre.can({ type: 'preCancel.cancel' })) return pages;
    preCancel.send({ type: 'preCancel.cancel' });
    const ended = preCancel.getSnapshot();
    const output = outputs[0];
    if (output) {
      const url = hrefOfDestination(preCancelExit(output, { dashboardUrl: settings.dashboardUrl }));
      pages.push({
        path: url,
        pageCode: codeOf(url),
        machine: 'preCancel',
        state: stateIdOf(ended),
        offers: [],
        blocks: [],
        facts: { reachedBy: output.next },
        next: null,
      });
    }
    return pages;
  } finally {
    preCancel.stop();
  }
}
