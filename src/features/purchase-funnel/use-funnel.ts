import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { useEffect, useState } from 'react';
import type { FunnelEntry } from '../../../machines/purchase-funnel.machine';
import { useServices } from '../../app/services';
import { COUNTRY_BY_CULTURE } from '../../app/portal';
import { parseQueryParams, queryFlags, readCountryOverride } from '../../domain/query-params';
import { supportedCulture } from '../../i18n';
import { checkoutPath } from '../../routing/route-table';
import { deviceFor } from '../../app/startup';
import { appOfferOf, funnelFor, type FunnelActor } from './create-funnel';
import { useTranslation } from 'react-i18next';
import type { Claims } from '../../api/schemas/users';

/**
 * One funnel runs across its pages: when the machine moves the person to another funnel page,
 * the running actor is handed over to that page instead of being stopped, so the chosen plan,
 * a payment failure and the loaded offer travel with it. A page opened directly (a link, a
 * reload) starts a funnel of its own from the address.
 */
let handedOver: FunnelActor | null = null;
const owners = new Map<FunnelActor, number>();

function handOver(actor: FunnelActor) {
  handedOver = actor;
}

function release(actor: FunnelActor) {
  owners.set(actor, (owners.get(actor) ?? 1) - 1);
  // Deferred, so React's double effects in development and the next page taking it over win.
  window.setTimeout(() => {
    if ((owners.get(actor) ?? 0) > 0 || handedOver === actor) return;
    owners.delete(actor);
    actor.stop();
  }, 0);
}

/** The funnel of this page: the one handed over by the previous funnel page, or a new one started from the address. */
export function useFunnel(entry: FunnelEntry): FunnelActor {
  const services = useServices();
  const { i18n } = useTranslation();
  const claims = useSelector(services.startup, (s) => s.context.claims);
  const [actor] = useState((): FunnelActor => {
    const adopted = handedOver;
    handedOver = null;
    if (adopted && adopted.getSnapshot().status === 'active') return adopted;
    const query = parseQueryParams(window.location.search);
    const flags = queryFlags(query);
    const setup = funnelFor({
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
    return createActor(setup.machine, { input: setup.input }) as FunnelActor;
  });
  useEffect(() => {
    owners.set(actor, (owners.get(actor) ?? 0) + 1);
    actor.start();
    return () => release(actor);
  }, [actor]);
  return actor;
}

const isMobile = () => deviceFor(window.location.pathname, window.innerWidth) === 'Mobile';

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
      handOver(actor);
      void navigate({ to: checkoutPath(migrated, isMobile()).slice(base.length), search: { skuid: selected } });
    } else if (state === 'choosingPlan' && page !== 'sell') {
      handOver(actor);
      void navigate({ to: isMobile() ? '/mobile/plans' : '/pricing', search: selected ? { skuid: selected } : {}, replace: true });
    } else if (state === 'done' && output) {
      const url = destinationOf(actor);
      if (!url) return;
      if (output.kind === 'redirect' || !url.startsWith(`${base}/`)) window.location.assign(url);
      else {
        const target = new URL(url, window.location.origin);
        void navigate({ to: target.pathname.slice(base.length), search: Object.fromEntries(target.searchParams), replace: output.kind === 'paid' });
      }
    }
  }, [state, page, selected, migrated, output, navigate, config.appBase, actor, destinationOf]);
}
