import { assign, fromPromise, type ActorRefFrom } from 'xstate';
import {
  funnelCheckoutFrame,
  purchaseFunnelMachine,
  type ApmReturn,
  type FunnelEntry,
  type PurchaseFunnelInput,
  type PurchaseFunnelOutput,
} from '../../../machines/purchase-funnel.machine';
import type { FunnelOffer, JobLookup } from '../../../machines/purchase-funnel.rules';
import type { PaymentSuccess } from '../../../machines/checkout-frame.rules';
import { ApiFailure, type Api } from '../../api';
import type { Claims } from '../../api/schemas/users';
import type { Analytics } from '../analytics';
import { loadFunnelOffer, type AppOffer } from '../../domain/funnel-offer';
import { deviceFor } from '../device';
import { checkoutSessionFor, forgetCart, forgetCheckoutSessions, rememberCart, savedCart } from './checkout-storage';

export type { AppOffer } from '../../domain/funnel-offer';

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

function loadOffer(setup: FunnelSetup): Promise<AppOffer> {
  return loadFunnelOffer(setup.api, {
    claims: setup.claims,
    guestCountry: setup.guestCountry,
    doctype: setup.doctype,
    winback: setup.winback,
    cookieHeader: document.cookie,
    savedCartSkuId: savedCart,
  });
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
      completeApmPayment: fromPromise<PaymentSuccess, ApmReturn>(({ input }) =>
        completeApmPayment(setup.api, setup.claims, input),
      ),
      checkoutFrame: funnelCheckoutFrame.provide({
        actions: {
          postSkuToFrame: (_, params) => params.handle?.post('SKU-UPDATED', { skuId: params.skuId }),
          scrollToFrame: (_, params) => params.handle?.scrollIntoView(),
          reportElementInView: (_, params) =>
            void setup.analytics?.track('page below fold', { element: params.element }),
          reportContinueClick: () => void setup.analytics?.track('payment screen clicks', { cta: 'continue' }),
          reportFrameUnavailable: () =>
            void setup.analytics?.track('payment screen error', { reason: 'frame did not load' }),
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
export const appOfferOf = (snapshot: { context: { offer: FunnelOffer | null } }): AppOffer | null =>
  snapshot.context.offer as AppOffer | null;
