import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigFeatures } from '../../../api/schemas/pages';
import type { Claims } from '../../../api/schemas/users';
import { PORTAL_CODE_BY_CULTURE, PORTAL_ID_BY_CULTURE } from '../../../app/portal';
import { useServices } from '../../../app/services';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import { accountOf, visitorContextOf } from '../../../app/visitor-context';
import { sellContextOf as sellContextFrom, type SellContext } from '../../../domain/sell-context';
import { supportedCulture } from '../../../i18n';

export type { SellContext } from '../../../domain/sell-context';

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

function sellContextOf(config: ConfigFeatures, claims: Claims | null, language: string): SellContext {
  const culture = supportedCulture(language);
  const account = accountOf(claims);
  return sellContextFrom(config, {
    visitor: visitorContextOf({
      claims,
      language,
      location: window.location,
      cookieHeader: document.cookie,
      viewportWidth: window.innerWidth,
    }),
    portalCode: account?.PortalCD || PORTAL_CODE_BY_CULTURE[culture],
    portalId: typeof account?.PortalID === 'number' ? account.PortalID : PORTAL_ID_BY_CULTURE[culture],
    search: window.location.search,
    cookieHeader: document.cookie,
  });
}
