import { DRAWN_SELL_TOP_ID, drawnSellTop } from './drawn-sell-top-data';
import { drawnInPage } from './drawn-in-page';

/** The guest's sell page top the server drew into this page (drawn-sell-top-data.ts), as the app reads it: the query does not change it. */
const sellTop = drawnInPage(DRAWN_SELL_TOP_ID, drawnSellTop, { pathOnly: true });

/** Whether the server drew the sell page's top for this path. */
export const serverDrewSellTopAt = (location: { pathname: string; search: string }): boolean =>
  sellTop.at(location) !== null;

export const forgetDrawnSellTopUnless = sellTop.forgetUnless;
