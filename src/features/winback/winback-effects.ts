/**
 * The winback machine with the app's effects: the person's standing from the server, the offers
 * the skus call answers for their audience and days, and where each end of the page leads.
 */
import { fromPromise } from 'xstate';
import {
  winbackMachine,
  type WinbackData,
  type WinbackOffer,
  type WinbackOutput,
} from '../../../machines/winback.machine';
import { winbackCheckoutSearch } from '../../../machines/winback.rules';
import type { Api } from '../../api';
import type { Sku } from '../../api/schemas/skus';
import type { WinbackFacts } from '../../api/schemas/winback';
import type { AppNavigation } from '../../app/navigation';
import { checkoutRoute } from '../../routing/route-table';
import type { RouteTarget } from '../../routing/route-target';

const offerOf = (sku: Sku): WinbackOffer => ({
  skuId: sku.SkuID,
  label: sku.Label,
  price: sku.UnitPrice,
  currency: sku.CurrencyCD,
  scheduleTypeCd: sku.ScheduleTypeCD,
  duration: sku.Duration,
  discountPercent: sku.DiscountPercentage,
});

/** The page's data: the standing as the server decided it, with the offers only for someone it invites back. */
export async function loadWinbackData(api: Pick<Api, 'winback' | 'skus'>, userUid: string): Promise<WinbackData> {
  const facts: WinbackFacts = await api.winback.facts(userUid);
  if (facts.Standing !== 'eligible' || facts.Audience === null || facts.CancellationDays === null) {
    return { standing: facts.Standing, expiring: false, cancellationDays: facts.CancellationDays, offers: [] };
  }
  const list = await api.skus.list({
    userUID: userUid,
    userType: facts.Audience,
    cancellationDays: facts.CancellationDays,
  });
  return {
    standing: 'eligible',
    expiring: facts.Audience === 'EXPR_WIN',
    cancellationDays: facts.CancellationDays,
    offers: list.Skus.map(offerOf),
  };
}

export interface WinbackPaths {
  mobile: boolean;
}

export function winbackExit(output: WinbackOutput, paths: WinbackPaths): RouteTarget {
  switch (output.next) {
    case 'checkout':
      return { to: checkoutRoute(true, paths.mobile), search: winbackCheckoutSearch(output.skuId) };
    case 'plans':
      return { to: paths.mobile ? '/mobile/plans' : '/pricing' };
    case 'settings':
      return { to: '/mysettings' };
  }
}

export function provideWinback(deps: {
  api: Pick<Api, 'winback' | 'skus'>;
  navigation: AppNavigation;
  paths: WinbackPaths;
}) {
  return winbackMachine.provide({
    actors: {
      loadWinback: fromPromise<WinbackData, { userUid: string }>(({ input }) =>
        loadWinbackData(deps.api, input.userUid),
      ),
    },
    actions: {
      leaveWinback: (_, output) => deps.navigation.go(winbackExit(output, deps.paths)),
    },
  });
}
