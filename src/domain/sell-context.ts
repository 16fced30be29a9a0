import type { ConfigFeatures } from '../api/schemas/pages';
import { resolveConfigBlock, type DeviceType, type ResolvedBlock, type VisitorContext } from './eligibility';
import { decideExperiments, effectiveAssignments, readExperimentAssignments, type ExperimentDecision } from './experiments';
import { parseQueryParams, queryFlags } from './query-params';
import { sellLayoutFor, type SellLayout } from './sell-plans';

export type SellVisitor = Omit<VisitorContext, 'preferences' | 'lowIntent'>;

export interface SellContext {
  visitor: SellVisitor;
  device: DeviceType;
  portalId: number;
  features: ConfigFeatures['Features'];
  /** Each SellPage block, resolved for this visitor: shown or not, with its data. */
  block: (featureCd: string) => ResolvedBlock;
  layout: SellLayout;
  scarcity: boolean;
  experiments: Record<string, ExperimentDecision>;
}

export interface SellContextFacts {
  /** Who is looking (visitor.ts), with the device the page is drawn for. */
  visitor: VisitorContext & { device: DeviceType };
  portalCode: string;
  portalId: number;
  /** The address's query string (`runtest`, `disabletests`). */
  search: string;
  /** The cookies (the `ew_exp` experiment assignments). */
  cookieHeader: string;
}

/**
 * What remote configuration and experiments show a visitor on the sell page: each block shown
 * or not, the plan layout and the scarcity countdown. The sell page and the flow simulator both
 * read it from here.
 */
export function sellContextOf(config: ConfigFeatures, { visitor: fullVisitor, portalCode, portalId, search, cookieHeader }: SellContextFacts): SellContext {
  const flags = queryFlags(parseQueryParams(search));
  const { country, state, userType, device, flow, page } = fullVisitor;
  const visitor: SellVisitor = { country, state, userType, device, flow, page };
  const assignments = effectiveAssignments(readExperimentAssignments(cookieHeader, portalCode), {
    disableTests: flags.testsDisabled,
    runTest: flags.runTest,
  });
  const experiments = decideExperiments(config.Experiments, assignments, { device, userType: visitor.userType });
  const block = (featureCd: string): ResolvedBlock => {
    const feature = config.Features.find((f) => f.FeatureCD === featureCd);
    return feature ? resolveConfigBlock(feature.Config, feature.Rule, fullVisitor) : { shown: false, reason: 'noConfig' };
  };
  return {
    visitor,
    device,
    portalId,
    features: config.Features,
    block,
    layout: sellLayoutFor(experiments.sellPageLayout),
    scarcity: experiments.scarcityCountdown?.active === true,
    experiments,
  };
}
