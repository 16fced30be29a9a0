import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { FunnelEntry } from '../../../machines/purchase-funnel.machine';
import { useServices } from '../../app/services';
import { COUNTRY_BY_CULTURE } from '../../app/portal';
import { parseQueryParams, queryFlags, readCountryOverride } from '../../domain/query-params';
import { supportedCulture } from '../../i18n';
import { checkoutPath, isMobilePath } from '../../routing/route-table';
import { appOfferOf, funnelFor, type FunnelActor } from './create-funnel';
import { useTranslation } from 'react-i18next';
import type { Claims } from '../../api/schemas/users';

/** The funnel of this page, started from the address: the page it is on and the plan it names. */
export function useFunnel(entry: FunnelEntry): FunnelActor {
  const services = useServices();
  const { i18n } = useTranslation();
  const claims = useSelector(services.startup, (s) => s.context.claims);
  const [setup] = useState(() => {
    const query = parseQueryParams(window.location.search);
    const flags = queryFlags(query);
    return funnelFor({
      api: services.api,
      analytics: services.analytics,
      claims: claims as Claims | null,
      guestCountry: query.countrycd ?? readCountryOverride(document.cookie) ?? COUNTRY_BY_CULTURE[supportedCulture(i18n.language)],
      entry,
      requestedSkuId: query.skuid ?? null,
      jobId: flags.jobId,
      apmReturn:
        entry === 'apmReturn' && query.orderid && query.skuid && query.method && query.status
          ? { transactionId: query.orderid, skuId: query.skuid, method: query.method, approved: query.status === 'approved' }
          : null,
      doctype: query.doctype ?? null,
    });
  });
  return useActorRef(setup.machine, { input: setup.input }) as FunnelActor;
}

const isMobile = () => isMobilePath(window.location.pathname) || window.innerWidth < 768;

/**
 * The router follows the funnel: the machine decides which page the person may be on, and
 * this moves the address there (the sell page, checkout, or the post-payment destination).
 */
export function useFollowFunnel(actor: FunnelActor, page: 'sell' | 'checkout' | 'processing', destinationOf: (actor: FunnelActor) => string | null) {
  const navigate = useNavigate();
  const { config } = useServices();
  const state = useSelector(actor, (s) => (s.status === 'done' ? 'done' : s.matches('choosingPlan') ? 'choosingPlan' : s.matches('checkout') ? 'checkout' : 'other'));
  const selected = useSelector(actor, (s) => s.context.selectedSkuId);
  const migrated = useSelector(actor, (s) => appOfferOf(s)?.checkoutMigrated ?? true);
  const output = useSelector(actor, (s) => s.output);

  useEffect(() => {
    const base = config.appBase;
    if (state === 'checkout' && page !== 'checkout' && selected !== null) {
      void navigate({ to: checkoutPath(migrated, isMobile()).slice(base.length), search: { skuid: selected } as never });
    } else if (state === 'choosingPlan' && page !== 'sell') {
      void navigate({ to: isMobile() ? '/mobile/plans' : '/pricing', search: (selected ? { skuid: selected } : {}) as never, replace: true });
    } else if (state === 'done' && output) {
      const url = destinationOf(actor);
      if (!url) return;
      if (output.kind === 'redirect' || !url.startsWith(`${base}/`)) window.location.assign(url);
      else {
        const target = new URL(url, window.location.origin);
        void navigate({ to: target.pathname.slice(base.length), search: Object.fromEntries(target.searchParams) as never, replace: output.kind === 'paid' });
      }
    }
  }, [state, page, selected, migrated, output, navigate, config.appBase, actor, destinationOf]);
}
