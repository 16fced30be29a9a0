import type { TextPack } from '../i18n/text-packs';
import { findRoute, type AppRoute, type RouteId } from './route-table';

/**
 * The text packs a page draws from (i18n/text-packs.ts): core alone for the funnel's pages and
 * the pages the route table marks, both packs for every other page. An address the app does not
 * know draws the not-found page, from `common` alone.
 */
export function textPacksOf(route: Pick<AppRoute, 'funnel' | 'coreTexts'> & { id: RouteId | null }): TextPack[] {
  return route.id === null || route.funnel !== undefined || route.coreTexts === true ? ['core'] : ['core', 'more'];
}

export const textPacksForPath = (pathname: string): TextPack[] => textPacksOf(findRoute(pathname) ?? { id: null });
