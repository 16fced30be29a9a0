import * as z from 'zod/mini';
import { drawnDataScript } from './drawn-data-script';

/**
 * That the server drew a guest's sell page top into this page (its steps, heading and loading
 * notice, server/http/app-shell.ts), and at which path: the top does not depend on the query. The
 * app's first drawing of the page is then that same top, and the plans follow in a pass of their
 * own; it decides nothing.
 */
export const DRAWN_SELL_TOP_ID = 'drawn-sell-top';

/** `href` is the path alone. */
export const drawnSellTop = z.object({ href: z.string() });
export type DrawnSellTop = z.infer<typeof drawnSellTop>;

export const drawnSellTopScript = (data: DrawnSellTop): string => drawnDataScript(DRAWN_SELL_TOP_ID, data);
