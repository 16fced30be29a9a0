import type { TextPack } from '../i18n/text-packs';
import { findRoute, type AppRoute, type RouteId } from './route-table';

/**
 * Beyond the funnel's pages, the page that draws only from the core texts: the logged-out
 * cancellation form. (Its receipt's address also shows a signed-in person's cancellation, which
 * draws from the rest.)
 */
const CORE_TEXT_PAGES: ReadonlySet<RouteId> = new Set<RouteId>(['cancellationRequest']);

/**
 * The text packs a page draws from (i18n/text-packs.ts). An address the app does not know draws
 * the not-found page, from `common` alone.
 */
export function textPacksOf(route: Pick<AppRoute, 'funnel'> & { id: RouteId | null }): TextPack[] {
  return route.id === null || route.funnel !== undefined || CORE_TEXT_PAGES.has(route.id) ? ['core'] : ['core', 'more'];
}

export const textPacksForPath = (pathname: string): TextPack[] => textPacksOf(findRoute(pathname) ?? { id: null });
