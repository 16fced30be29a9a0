/**
 * Type-level checks, run by `npm run typecheck` (nothing here runs at test time): a page map
 * must name every route id and nothing else, so a misspelt or forgotten page does not compile.
 */
import { ComingSoonPage } from '../../src/shell/ComingSoonPage';
import type { PageMap } from '../../src/routing/page-components';
import type { RouteId } from '../../src/routing/route-table';

const everyPage = (): PageMap => ({}) as PageMap;
const { mySettings: _mySettings, ...allButMySettings } = everyPage();

export const misspelt = {
  ...allButMySettings,
  // @ts-expect-error 'mySetings' is not a route id.
  mySetings: ComingSoonPage,
} satisfies PageMap;

// @ts-expect-error a page map without 'mySettings' misses a route.
export const missing = allButMySettings satisfies PageMap;

// @ts-expect-error 'mySetings' is not a route id.
export const unknownId: RouteId = 'mySetings';
