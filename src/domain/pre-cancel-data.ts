/**
 * What the pre-cancel page loads and how configuration and experiments shape it: the page and
 * the flow simulator both read it from here.
 */
import type { PreCancelData, PreCancelOutput } from '../../machines/pre-cancel.machine';
import { cancellationStrategyOf, complaintVariantOf, singleSaveOfferOf } from '../../machines/pre-cancel.rules';
import type { CancelPage, ConfigFeatures } from '../api/schemas/pages';
import type { Subscription, SubscriptionList } from '../api/schemas/subscriptions';
import { resolveConfigBlock, type VisitorContext } from './eligibility';
import { renewalFactsOf } from './offer-terms';
import type { Destination } from '../routing/route-target';
import {
  decideExperiment,
  effectiveAssignments,
  type ExperimentAssignment,
  type ExperimentOverrides,
} from './experiments';

const BUTTON_ORDER_CONFIG_KEY = 'mobileCancelButtonOrder';
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
  const decision = decideExperiment(entry, effectiveAssignments(visitor.assignments, visitor.overrides), {
    device: visitor.context.device,
    userType: visitor.userType,
  });
  return decision.active ? decision.variation : null;
}

/** What the pre-cancel page needs, from the cancellation page's answer and the Cancellation configuration. */
/** What the pre-cancel page shows of the current plan, from the subscriptions list. */
type CurrentPlanFacts = Pick<
  Subscription,
  | 'EndDate'
  | 'StartDate'
  | 'FormattedNextRenewalPrice'
  | 'NextBillingDate'
  | 'UnitPrice'
  | 'NextRenewalPrice'
  | 'CurrencyCD'
>;

export function preCancelDataFrom(
  page: CancelPage,
  config: ConfigFeatures,
  visitor: PreCancelVisitor,
  plan: CurrentPlanFacts | null,
): PreCancelData {
  const feature = (code: string) => {
    const entry = config.Features.find((f) => f.FeatureCD === code);
    return entry
      ? resolveConfigBlock<Record<string, unknown>>(entry.Config, entry.Rule, { ...visitor.context, flow: SAVE_FLOW })
      : null;
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
            renewal: plan ? renewalFactsOf(plan) : null,
          }
        : null,
    saveOffer: offer
      ? {
          offerId: offer.OfferID,
          kind: offer.Kind,
          discountPercent: offer.DiscountPercent,
          freeMonths: offer.FreeMonths,
        }
      : null,
    featureBasedFlag:
      (config.Flags.find((f) => f.FeatureCD === FEATURE_BASED_FLAG)?.IsActive ?? false) &&
      (feature('featureBasedPreCancel')?.shown ?? false),
    strategy: cancellationStrategyOf(settings.strategy, cancelFlowVariation),
    hideOfferInOneClick: settings.hideOfferInOneClick !== false,
    complaint: complaintVariantOf(settings.complaint),
    cancelFlowVariation,
    buttonOrderVariation: variationFor(config, BUTTON_ORDER_CONFIG_KEY, visitor),
  };
}

/** The reads of the pre-cancel page, shaped as the app's API client has them. */
export interface PreCancelReads {
  pages: { cancel(query: { userUID: string; visitorPortalID: number; countryCD?: string }): Promise<CancelPage> };
  config: { features(moduleName?: string): Promise<ConfigFeatures> };
  subscriptions: { list(userUID: string, isCurrentOnly?: boolean): Promise<SubscriptionList> };
}

export async function loadPreCancelData(
  reads: PreCancelReads,
  user: { UserUID: string; PortalID: number; CountryCD: string },
  visitor: PreCancelVisitor,
): Promise<PreCancelData> {
  const [page, config, current] = await Promise.all([
    reads.pages.cancel({ userUID: user.UserUID, visitorPortalID: user.PortalID, countryCD: user.CountryCD }),
    reads.config.features('Cancellation'),
    reads.subscriptions.list(user.UserUID, true),
  ]);
  return preCancelDataFrom(page, config, visitor, current.Subscriptions[0] ?? null);
}

/** Where an end of the pre-cancel page leads. */
export function preCancelExit(output: PreCancelOutput, urls: { dashboardUrl: string }): Destination {
  switch (output.next) {
    case 'survey':
      return { to: '/cancellation/survey' };
    case 'confirm':
      return { to: '/cancellation/confirm' };
    case 'offerAccepted':
    case 'settings':
      return { to: '/mysettings' };
    case 'dashboard':
      return { href: urls.dashboardUrl };
  }
}
