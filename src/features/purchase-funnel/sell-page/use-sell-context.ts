import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigFeatures } from '../../../api/schemas/pages';
import type { Claims } from '../../../api/schemas/users';
import { isSignedInUser, type AccessClaims } from '../../../../machines/startup-access.rules';
import { PORTAL_CODE_BY_CULTURE, PORTAL_ID_BY_CULTURE } from '../../../app/portal';
import { useServices } from '../../../app/services';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import { visitorContextOf } from '../../../app/visitor-context';
import { resolveConfigBlock, type DeviceType, type ResolvedBlock, type VisitorContext } from '../../../domain/eligibility';
import { decideExperiments, effectiveAssignments, readExperimentAssignments, type ExperimentDecision } from '../../../domain/experiments';
import { parseQueryParams, queryFlags } from '../../../domain/query-params';
import { sellLayoutFor, type SellLayout } from '../../../domain/sell-plans';
import { supportedCulture } from '../../../i18n';

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

/**
 * Who is looking at the sell page and what remote configuration and experiments show them,
 * once the funnel has loaded its offer (the configuration comes with it). If configuration could
 * not be read the page still sells: plans in the control layout, no optional blocks.
 */
export function useSellContext(actor: FunnelActor): SellContext | null {
  const { startup } = useServices();
  const { i18n } = useTranslation();
  const claims = useSelector(startup, (s) => s.context.claims);
  const config = useSelector(actor, (s) => appOfferOf(s)?.sellConfig ?? null);
  // One object per configuration, account and language, so blocks that only read it need not redraw on a plan click.
  return useMemo(() => (config ? sellContextOf(config, claims, i18n.language) : null), [config, claims, i18n.language]);
}

function sellContextOf(config: ConfigFeatures, claims: AccessClaims | null, language: string): SellContext {
  const culture = supportedCulture(language);
  const flags = queryFlags(parseQueryParams(window.location.search));
  const signedIn = claims !== null && isSignedInUser(claims);
  // Start-up keeps the whole claims answer; its type names only what the access rules read.
  const full = claims as (NonNullable<typeof claims> & Partial<Claims>) | null;
  const fullVisitor = visitorContextOf({ claims, language, location: window.location, cookieHeader: document.cookie, viewportWidth: window.innerWidth });
  const { country, state, userType, device, flow, page } = fullVisitor;
  const visitor: SellVisitor = { country, state, userType, device, flow, page };
  const portalCode = signedIn && full!.PortalCD ? full!.PortalCD : PORTAL_CODE_BY_CULTURE[culture];
  const assignments = effectiveAssignments(readExperimentAssignments(document.cookie, portalCode), {
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
    portalId: signedIn && typeof full!.PortalID === 'number' ? full!.PortalID : PORTAL_ID_BY_CULTURE[culture],
    features: config.Features,
    block,
    layout: sellLayoutFor(experiments.sellPageLayout),
    scarcity: experiments.scarcityCountdown?.active === true,
    experiments,
  };
}
