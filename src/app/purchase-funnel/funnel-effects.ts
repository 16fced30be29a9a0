import { assign, fromPromise, type ActorRefFrom } from 'xstate';
import {
  funnelCheckoutFrame,
  purchaseFunnelMachine,
  type ApmReturn,
  type FunnelEntry,
  type PurchaseFunnelInput,
  type PurchaseFunnelOutput,
} from '../../../machines/purchase-funnel.machine';
import {
  DELAYED_NOTICE_MS,
  isSuspendedAccount,
  opensCoverLetterAfterPayment,
  sellablePlans,
  serviceSkus,
  type FunnelOffer,
  type JobLookup,
  type PaymentMethodCode,
} from '../../../machines/purchase-funnel.rules';
import type { PaymentSuccess } from '../../../machines/checkout-frame.rules';
import { isSignedInUser } from '../../../machines/startup-access.rules';
import { ApiFailure, type Api } from '../../api';
import type { Claims } from '../../api/schemas/users';
import type { Sku } from '../../api/schemas/skus';
import type { ConfigFeatures } from '../../api/schemas/pages';
import type { Analytics } from '../analytics';
import { checkoutMigrationExperiments, isCheckoutMigrated, readExperimentAssignments } from '../../domain/experiments';
import { deviceFor } from '../startup';
import { checkoutSessionFor, forgetCart, forgetCheckoutSessions, rememberCart, savedCart } from './checkout-storage';

/** The offer as the app loads it: the funnel's part plus what only the pages need. */
export interface AppOffer extends FunnelOffer<Sku> {
  services: Sku[];
  claims: Claims | null;
  checkoutMigrated: boolean;
  /** Suspended people see the fixed auto-renewal text at checkout. */
  suspended: boolean;
  countryCd: string;
  /** The sell page's remote configuration (its blocks and experiments); empty when it could not be read, so the page still sells. */
  sellConfig: ConfigFeatures;
}

/** Where the funnel's decisions move the person; the funnel service carries them out. */
export interface FunnelMoves {
  showPlans(skuId: number | null): void;
  showCheckout(skuId: number): void;
  leave(output: PurchaseFunnelOutput): void;
}

export interface FunnelSetup {
  api: Api;
  analytics: Analytics | undefined;
  claims: Claims | null;
  /** The visitor's market when not signed in (culture or a test override). */
  guestCountry: string;
  entry: FunnelEntry;
  requestedSkuId: number | null;
  jobId: string | null;
  apmReturn: ApmReturn | null;
  doctype: string | null;
  /** A winback checkout (`mode=winback` or `flow=winback`) sells the person's welcome-back offers instead of the plans. */
  winback: boolean;
  /** Where the card frame is served from: this site. */
  frameOrigin: string;
}

const NO_CONFIG: ConfigFeatures = { Flags: [], Features: [], Experiments: [] };

const KNOWN_METHODS: PaymentMethodCode[] = ['CRCD', 'PYPL', 'DUPI'];
const isMethod = (code: string): code is PaymentMethodCode => (KNOWN_METHODS as string[]).includes(code);
const numberIn = (data: unknown, key: string): number | null => {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
};

/** The welcome-back offers the server invites this person to, asked for with their audience and days since leaving; none for anyone else. */
async function winbackOffersOf(api: Api, userUid: string): Promise<{ Skus: Sku[] }> {
  const facts = await api.winback.facts(userUid);
  if (facts.Standing !== 'eligible' || facts.Audience === null || facts.CancellationDays === null) return { Skus: [] };
  return api.skus.list({ userUID: userUid, userType: facts.Audience, cancellationDays: facts.CancellationDays });
}

async function loadOffer(setup: FunnelSetup): Promise<AppOffer> {
  const { api, claims } = setup;
  const signedIn = claims != null && isSignedInUser(claims);
  const countryCd = signedIn ? claims!.CountryCD : setup.guestCountry;
  const [skuList, allSkus, checkoutConfig, sellConfig, paymentPage, subscribed] = await Promise.all([
    signedIn && setup.winback
      ? winbackOffersOf(api, claims!.UserUID)
      : api.skus.list(signedIn ? { userUID: claims!.UserUID, sellPageOnly: true } : { countryCD: countryCd, sellPageOnly: true }),
    // The services checkout sells too; the plans still sell when they cannot be read.
    api.skus.list(signedIn ? { userUID: claims!.UserUID } : { countryCD: countryCd }).catch(() => ({ Skus: [] as Sku[] })),
    api.config.features('Checkout').catch(() => NO_CONFIG),
    api.config.features('SellPage').catch(() => NO_CONFIG),
    signedIn ? api.pages.payment({ userUID: claims!.UserUID, visitorPortalID: claims!.PortalID }) : Promise.resolve(null),
    signedIn ? api.payments.alreadySubscribed() : Promise.resolve(null),
  ]);
  const flag = (code: string) => checkoutConfig.Flags.some((f) => f.FeatureCD === code && f.IsActive);
  const block = (code: string) => checkoutConfig.Features.find((f) => f.FeatureCD === code)?.Config;
  const methods = (paymentPage?.PaymentMethods ?? [{ Code: 'CRCD' }]).map((m) => m.Code).filter(isMethod);
  const processing = block('processing')?.Data;
  return {
    skus: sellablePlans(skuList.Skus),
    services: serviceSkus(allSkus.Skus),
    signedIn,
    paymentMethods: methods.length > 0 ? methods : ['CRCD'],
    alreadySubscribed: subscribed?.IsAlreadySubscribed ?? false,
    savedCartSkuId: signedIn ? savedCart(claims!.UserUID) : null,
    commonPostPaymentUrl: flag('CPPU'),
    coverLetterDoctype: opensCoverLetterAfterPayment(flag('CLFL'), setup.doctype),
    processingLogThresholdMs: numberIn(processing, 'logThresholdMs') ?? 60_000,
    delayedNoticeMs: numberIn(processing, 'delayedNoticeMs') ?? DELAYED_NOTICE_MS,
    claims,
    checkoutMigrated: isCheckoutMigrated({
      configSettingMatches: block('checkoutMigration')?.Show === true,
      assignments: readExperimentAssignments(document.cookie, claims?.PortalCD ?? ''),
      migrationExperimentGUIDs: checkoutMigrationExperiments(checkoutConfig.Experiments),
    }),
    suspended: isSuspendedAccount(claims?.UserType),
    countryCd,
    sellConfig,
  };
}

async function completeApmPayment(api: Api, claims: Claims | null, apm: ApmReturn): Promise<PaymentSuccess> {
  if (!claims) throw new Error('not signed in');
  if (!apm.approved) {
    // A cancel that meets a payment which already went through (409) counts as paid.
    const cancelled = await api.payments.cancel(claims.UserUID, apm.transactionId).then(
      () => true,
      (error: unknown) => !(error instanceof ApiFailure && error.kind === 'conflict'),
    );
    if (cancelled) throw new Error('cancelled');
  }
  const done = await api.payments.complete(claims.UserUID, apm.transactionId);
  const detail = await api.payments.transactionDetail(claims.UserUID, done.TransactionID);
  return {
    transactionId: done.TransactionID,
    subscriptionId: done.SubscriptionID,
    skuId: apm.skuId,
    amount: detail.price,
    currency: detail.currency_cd,
    replayed: false,
    paymentMethod: apm.method,
    cardType: null,
  };
}

/** The purchase funnel with the app's real effects, and the input it starts from. */
export function funnelFor(setup: FunnelSetup, moves: FunnelMoves) {
  const userUid = () => setup.claims?.UserUID ?? '';
  const machine = purchaseFunnelMachine.provide({
    actors: {
      loadOffer: fromPromise<FunnelOffer, { entry: FunnelEntry }>(() => loadOffer(setup)),
      lookUpJob: fromPromise<JobLookup, { jobId: string }>(({ input }) => setup.api.jobs.lookUp(input.jobId)),
      completeApmPayment: fromPromise<PaymentSuccess, ApmReturn>(({ input }) => completeApmPayment(setup.api, setup.claims, input)),
      checkoutFrame: funnelCheckoutFrame.provide({
        actions: {
          postSkuToFrame: (_, params) => params.handle?.post('SKU-UPDATED', { skuId: params.skuId }),
          scrollToFrame: (_, params) => params.handle?.scrollIntoView(),
          reportElementInView: (_, params) => void setup.analytics?.track('page below fold', { element: params.element }),
          reportContinueClick: () => void setup.analytics?.track('payment screen clicks', { cta: 'continue' }),
          reportFrameUnavailable: () => void setup.analytics?.track('payment screen error', { reason: 'frame did not load' }),
        },
      }),
    },
    actions: {
      startCheckoutSession: assign({
        sessionGuid: ({ context }) => checkoutSessionFor(userUid(), context.selectedSkuId ?? 0, context.paymentMethod),
      }),
      rememberCart: (_, params) => rememberCart(userUid(), params.skuId),
      forgetCart: () => {
        forgetCart(userUid());
        forgetCheckoutSessions(userUid());
      },
      logSlowProcessing: (_, params) => {
        void setup.api.events
          .logError({
            CurrentURL: `${window.location.origin}${window.location.pathname}`,
            ReferrerURL: '',
            UserUID: userUid(),
            PortalID: setup.claims?.PortalID ?? 0,
            ErrorType: 'DelayedProcessing',
            MethodName: 'checkout.processing',
            ErrorMessage: `Payment processing (${params.method}) is taking longer than the logging threshold.`,
            Device: deviceFor(window.location.pathname, window.innerWidth),
          })
          .catch(() => undefined);
      },
      reportStep: (_, params) => {
        void setup.analytics?.track('payment funnel step', { step: params.step });
      },
      showPlans: (_, params) => moves.showPlans(params.skuId),
      showCheckout: (_, params) => moves.showCheckout(params.skuId),
      leaveFunnel: (_, params) => moves.leave(params.output),
    },
  });
  const input: PurchaseFunnelInput = {
    entry: setup.entry,
    requestedSkuId: setup.requestedSkuId,
    jobId: setup.jobId,
    apmReturn: setup.apmReturn,
    frameOrigin: setup.frameOrigin,
  };
  return { machine, input };
}

export type FunnelActor = ActorRefFrom<ReturnType<typeof funnelFor>['machine']>;

/** The offer the app loaded, with the page-only fields the machine does not type. */
export const appOfferOf = (snapshot: { context: { offer: FunnelOffer | null } }): AppOffer | null => snapshot.context.offer as AppOffer | null;
