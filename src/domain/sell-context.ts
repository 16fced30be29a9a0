import type { ConfigFeatures } from '../api/schemas/pages';
import { resolveConfigBlock, type DeviceType, type ResolvedBlock, type VisitorContext } from './eligibility';
import {
  decideExperiments,
  effectiveAssignments,
  readExperimentAssignments,
  type ExperimentDecision,
} from './experiments';
import { parseQueryParams, queryFlags } from './query-params';
import { isServiceProduct } from '../../machines/service-products.rules';
import type { PlanTier } from '../../machines/purchase-funnel.rules';
import { planPriceOf, plansOnShow, sellLayoutFor, type PricedSku, type SellLayout } from './sell-plans';

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
export function sellContextOf(
  config: ConfigFeatures,
  { visitor: fullVisitor, portalCode, portalId, search, cookieHeader }: SellContextFacts,
): SellContext {
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
    return feature
      ? resolveConfigBlock(feature.Config, feature.Rule, fullVisitor)
      : { shown: false, reason: 'noConfig' };
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

/** The parts of the sell page that configuration, experiments or the offer switch on or off. */
export const SELL_PAGE_BLOCKS = [
  'breadcrumb',
  'socialProof',
  'trustRating',
  'liveActivity',
  'scarcityCountdown',
  'docThumbnail',
  'paymentLogos',
  'priceAnchor',
  'featureTooltips',
  'moneyBack',
  'efficacyBanner',
  'hiredBy',
  'testimonials',
  'appBlade',
  'disclaimers',
  'services',
] as const;
export type SellPageBlock = (typeof SELL_PAGE_BLOCKS)[number];

/** What of the offer decides a block: whether the person is signed in, and the services on sale. */
export interface SellOfferFacts {
  signedIn: boolean;
  skus: readonly (PricedSku & { SkuID: number; IsMostPopular?: boolean; PlanTier: PlanTier | null })[];
  services: readonly { ProductID: string }[];
}

/** The crossed-out annual price of the price anchor block, when it is shown with a figure. */
export function annualStrikePriceOf(sell: SellContext): number | null {
  const anchor = sell.block('priceAnchor');
  const value =
    anchor.shown && anchor.data && typeof anchor.data === 'object'
      ? (anchor.data as Record<string, unknown>).annualStrikePrice
      : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The blocks the sell page draws for this visitor and offer, in page order. The document
 * thumbnail and the services need an account; the price anchor a plan card it stands above.
 */
export function sellPageBlocks(
  sell: SellContext,
  offer: SellOfferFacts,
  selectedSkuId: number | null,
): SellPageBlock[] {
  const strike = annualStrikePriceOf(sell);
  const on = (block: SellPageBlock): boolean => {
    switch (block) {
      case 'scarcityCountdown':
        return sell.scarcity;
      case 'docThumbnail':
        return offer.signedIn && sell.block('docThumbnail').shown;
      case 'priceAnchor':
        // Drawn on a plan card whose price it is above: the annual plan, when the layout shows it at first.
        return (
          strike !== null &&
          plansOnShow(sell.layout, offer.skus, { selectedSkuId, annualOpened: false }).visible.some(
            (sku) => planPriceOf(sku, strike).strike !== null,
          )
        );
      case 'services':
        return offer.signedIn && offer.services.some((sku) => isServiceProduct(sku.ProductID));
      default:
        return sell.block(block).shown;
    }
  };
  return SELL_PAGE_BLOCKS.filter(on);
}
