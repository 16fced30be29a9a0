import { funnelStepOf } from '../../machines/purchase-funnel.machine';
import type { DeviceType } from '../../machines/startup-access.rules';
import {
  COUNTRY_BY_CULTURE,
  PORTAL_CODE_BY_CULTURE,
  PORTAL_ID_BY_CULTURE,
  findRoute,
  loadFunnelOffer,
  readCountryOverride,
  sellContextOf,
  sellPageBlocks,
  visitorContextOf,
  type Culture,
  type FunnelReads,
  type SellPageAtRestView,
} from '../../src/server-drawn';
import type { Database } from '../db/database';
import { cachedConfigFeatures, cachedSkus } from './cached-reads';
import { guestClaims } from '../repositories/users';
import { settledFunnel, startupLetsStay, type PageRequest } from './drawn-checkout';
import type { ReadCache } from './read-cache';

/** The screen widths the server assumes for a phone and for anything else: what the device rules and the blocks that fit themselves read. */
const PHONE_WIDTH = 412;
const DESKTOP_WIDTH = 1280;

/**
 * The device a request comes from, as far as the server can tell: the browser's own mobile hint
 * (`Sec-CH-UA-Mobile`), else "Mobi" in the user agent, which phones' browsers send and tablets'
 * do not. A wrong guess changes nothing the visitor has done: the app draws the page for the real
 * screen when it takes over.
 */
export function guessDevice(headers: {
  mobileHint: string | undefined;
  userAgent: string | undefined;
}): Extract<DeviceType, 'Mobile' | 'Desktop'> {
  const hint = headers.mobileHint?.trim();
  if (hint === '?1') return 'Mobile';
  if (hint === '?0') return 'Desktop';
  return /Mobi/.test(headers.userAgent ?? '') ? 'Mobile' : 'Desktop';
}

/** A random source that writes down what it gives, so the app can replay the same draws. */
function recordedRandom(): { random: () => number; draws: number[] } {
  const draws: number[] = [];
  return {
    draws,
    random: () => {
      const draw = Math.random();
      draws.push(draw);
      return draw;
    },
  };
}

export interface DrawnSellPage {
  view: SellPageAtRestView;
  /** The random draws the blocks made while the page was drawn (only complete once it has been). */
  randoms: { socialProof: number[]; liveActivity: number[] };
}

/**
 * A guest's whole sell page, settled on the server as the app would settle it: start-up lets a
 * guest stay on the page, the funnel's machine opens the plan chooser with the offer read from the
 * same tables (and the same read cache) as the API, and the sell page's configuration decides its
 * blocks. Only for a guest on the plain sell page (no query: the funnel reads many of its
 * parameters, and a signed-in person's page depends on their account); null for anything else, or
 * anything uncertain, and that page is drawn as before.
 */
export async function drawnSellPageFor(
  request: PageRequest & { culture: Culture; device: Extract<DeviceType, 'Mobile' | 'Desktop'> },
  deps: { db: Database; cache: ReadCache },
): Promise<DrawnSellPage | null> {
  const route = findRoute(request.pathname);
  if (
    route?.id !== 'pricing' ||
    route.funnel === undefined ||
    request.user ||
    request.sessionId ||
    request.search !== ''
  )
    return null;
  const viewportWidth = request.device === 'Mobile' ? PHONE_WIDTH : DESKTOP_WIDTH;
  const claims = guestClaims();
  try {
    if (!(await startupLetsStay(request, claims, request.device))) return null;
    const offer = await loadFunnelOffer(guestReads(deps), {
      claims,
      guestCountry: readCountryOverride(request.cookieHeader) ?? COUNTRY_BY_CULTURE[request.culture],
      doctype: null,
      winback: false,
      cookieHeader: request.cookieHeader,
      savedCartSkuId: () => null,
    });
    const settled = await settledFunnel(offer, route.funnel.entry, null);
    // The plan chooser, with the plan the funnel chose for a guest.
    if (!settled.matches('choosingPlan')) return null;
    const funnel = { selectedSkuId: settled.context.selectedSkuId, step: funnelStepOf(settled) };
    const location = { pathname: request.pathname, search: '' };
    const sell = sellContextOf(offer.sellConfig, {
      visitor: visitorContextOf({
        claims,
        language: request.culture,
        location,
        cookieHeader: request.cookieHeader,
        viewportWidth,
      }),
      portalCode: PORTAL_CODE_BY_CULTURE[request.culture],
      portalId: PORTAL_ID_BY_CULTURE[request.culture],
      search: '',
      cookieHeader: request.cookieHeader,
    });
    // A block that needs the person (their latest document) is the app's to draw.
    if (sellPageBlocks(sell, offer, funnel.selectedSkuId).includes('docThumbnail')) return null;
    const socialProof = recordedRandom();
    const liveActivity = recordedRandom();
    return {
      view: {
        step: funnel.step,
        sell,
        offer,
        selectedSkuId: funnel.selectedSkuId,
        viewportWidth,
        cookieHeader: request.cookieHeader,
        randoms: { socialProof: socialProof.random, liveActivity: liveActivity.random },
      },
      randoms: { socialProof: socialProof.draws, liveActivity: liveActivity.draws },
    };
  } catch {
    return null;
  }
}

/** The reads a guest's offer is made of, from the same tables and cache keys as GET /skus and GET /config/features. */
function guestReads(deps: { db: Database; cache: ReadCache }): FunnelReads {
  const onlyForAPerson = () => Promise.reject(new Error('A guest has no account to read.'));
  return {
    skus: {
      list: (query) =>
        cachedSkus(deps, {
          countryCd: typeof query.countryCD === 'string' ? query.countryCD : 'US',
          portalCd: undefined,
          sellPageOnly: query.sellPageOnly === true ? true : undefined,
          skuId: undefined,
          winbackDays: undefined,
        }),
    },
    config: { features: (moduleName) => cachedConfigFeatures(deps, moduleName) },
    pages: { payment: onlyForAPerson },
    payments: { alreadySubscribed: onlyForAPerson },
    winback: { facts: onlyForAPerson },
  };
}
