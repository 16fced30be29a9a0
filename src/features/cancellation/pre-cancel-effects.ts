/**
 * The pre-cancel machine with the app's effects: what the page loads (the plan, its save
 * offers, the market's configuration and the person's experiment arms), taking the offer, and
 * where each end leads.
 */
import { fromPromise } from 'xstate';
import { preCancelMachine, type AcceptOfferInput, type PreCancelData, type PreCancelOutput } from '../../../machines/pre-cancel.machine';
import { cancellationStrategyOf, complaintVariantOf, singleSaveOfferOf } from '../../../machines/pre-cancel.rules';
import type { Api } from '../../api';
import type { CancelPage, ConfigFeatures } from '../../api/schemas/pages';
import type { Subscription } from '../../api/schemas/subscriptions';
import type { AppNavigation } from '../../app/navigation';
import { resolveConfigBlock, type VisitorContext } from '../../domain/eligibility';
import { SAVE_OFFER_IDS } from '../../domain/save-offers';
import { decideExperiment, effectiveAssignments, type ExperimentAssignment, type ExperimentOverrides } from '../../domain/experiments';

export const BUTTON_ORDER_CONFIG_KEY = 'mobileCancelButtonOrder';
const FEATURE_BASED_FLAG = 'FBPC';
/** The cancellation funnel is the save flow, whatever flow the address names. */
const SAVE_FLOW = 'save';

export interface PreCancelVisitor {
  context: VisitorContext & { device: 'Desktop' | 'Tablet' | 'Mobile' };
  userType: string | null;
  assignments: readonly ExperimentAssignment[];
  overrides: ExperimentOverrides;
  /** The person's arm of the cancel-flow experiment (cancel-flow-arm.ts). */
  cancelFlowVariation: number | null;
}

/** The person's variation of a configured experiment, when its entry admits them. */
function variationFor(config: ConfigFeatures, configKey: string, visitor: PreCancelVisitor): number | null {
  const entry = config.Experiments.find((e) => e.configKey === configKey);
  if (!entry) return null;
  const decision = decideExperiment(entry, effectiveAssignments(visitor.assignments, visitor.overrides), { device: visitor.context.device, userType: visitor.userType });
  return decision.active ? decision.variation : null;
}

/** What the pre-cancel page needs, from the cancellation page's answer and the Cancellation configuration. */
/** What the pre-cancel page shows of the current plan, from the subscriptions list. */
export type CurrentPlanFacts = Pick<Subscription, 'EndDate' | 'StartDate' | 'FormattedNextRenewalPrice'>;

export function preCancelDataFrom(page: CancelPage, config: ConfigFeatures, visitor: PreCancelVisitor, plan: CurrentPlanFacts | null): PreCancelData {
  const feature = (code: string) => {
    const entry = config.Features.find((f) => f.FeatureCD === code);
    return entry ? resolveConfigBlock<Record<string, unknown>>(entry.Config, entry.Rule, { ...visitor.context, flow: SAVE_FLOW }) : null;
  };
  const strategyBlock = feature('cancellationStrategy');
  const settings = strategyBlock?.shown ? (strategyBlock.data ?? {}) : {};
  const cancelFlowVariation = visitor.cancelFlowVariation;
  const offer = singleSaveOfferOf(page.SaveOffers, settings.singleSaveOffer);
  const current = page.CancellationData;
  return {
    subscription:
      current && current.SubscriptionStatus === 'ACTV'
        ? {
            subscriptionId: current.SubscriptionID,
            label: current.SkuLabel,
            accessEndsOn: plan?.EndDate ?? '',
            startedOn: plan?.StartDate ?? '',
            nextRenewalPrice: plan?.FormattedNextRenewalPrice ?? '',
          }
        : null,
    saveOffer: offer ? { offerId: offer.OfferID, kind: offer.Kind, discountPercent: offer.DiscountPercent, freeMonths: offer.FreeMonths } : null,
    featureBasedFlag: (config.Flags.find((f) => f.FeatureCD === FEATURE_BASED_FLAG)?.IsActive ?? false) && (feature('featureBasedPreCancel')?.shown ?? false),
    strategy: cancellationStrategyOf(settings.strategy, cancelFlowVariation),
    hideOfferInOneClick: settings.hideOfferInOneClick !== false,
    complaint: complaintVariantOf(settings.complaint),
    cancelFlowVariation,
    buttonOrderVariation: variationFor(config, BUTTON_ORDER_CONFIG_KEY, visitor),
  };
}

export interface PreCancelDeps {
  api: Pick<Api, 'pages' | 'config' | 'subscriptions'>;
  user: { UserUID: string; PortalID: number; CountryCD: string };
  visitor: () => PreCancelVisitor;
  navigation: AppNavigation;
  appBase: string;
  dashboardUrl: string;
}

/** Where an end of the pre-cancel page leads. */
export function preCancelExitUrl(output: PreCancelOutput, urls: { appBase: string; dashboardUrl: string }): string {
  switch (output.next) {
    case 'survey':
      return `${urls.appBase}/cancellation/survey`;
    case 'confirm':
      return `${urls.appBase}/cancellation/confirm`;
    case 'offerAccepted':
    case 'settings':
      return `${urls.appBase}/mysettings`;
    case 'dashboard':
      return urls.dashboardUrl;
  }
}

export function providePreCancel(deps: PreCancelDeps) {
  return preCancelMachine.provide({
    actors: {
      loadPreCancel: fromPromise<PreCancelData, { userUid: string }>(async ({ input }) => {
        const [page, config, current] = await Promise.all([
          deps.api.pages.cancel({ userUID: input.userUid, visitorPortalID: deps.user.PortalID, countryCD: deps.user.CountryCD }),
          deps.api.config.features('Cancellation'),
          deps.api.subscriptions.list(input.userUid, true),
        ]);
        return preCancelDataFrom(page, config, deps.visitor(), current.Subscriptions[0] ?? null);
      }),
      acceptSaveOffer: fromPromise<unknown, AcceptOfferInput>(async ({ input }) => {
        // The offer came from the server's own list, so an id it does not know is a fault.
        const offerId = SAVE_OFFER_IDS.find((id) => id === input.offerId);
        if (!offerId) throw new Error(`unknown save offer ${input.offerId}`);
        return deps.api.subscriptions.takeSaveOffer({ user_uid: deps.user.UserUID, subscription_id: input.subscriptionId, offer_id: offerId });
      }),
    },
    actions: {
      leavePreCancel: (_, output) => deps.navigation.go(preCancelExitUrl(output, deps)),
    },
  });
}
