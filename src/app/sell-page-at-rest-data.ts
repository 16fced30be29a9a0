import * as z from 'zod/mini';
import { PAGE_AT_REST_ID } from '../page-at-rest';
import { drawnDataScript } from './drawn-data-script';

/**
 * That the server drew a guest's whole sell page at rest (server/http/drawn-sell-page.ts), at which
 * address, the random draws its blocks made (the social-proof count, the live activity list),
 * which the app replays when it takes the page over, so it draws the same figures, and the page's
 * view as analytics records it.
 */
export const sellPageAtRest = z.object({
  href: z.string(),
  randoms: z.object({ socialProof: z.array(z.number()), liveActivity: z.array(z.number()) }),
  /** The page's "screen viewed" event, which main.tsx sends while the page is at rest (page-at-rest.ts). */
  view: z.unknown(),
});
export type SellPageAtRest = z.infer<typeof sellPageAtRest>;

export const sellPageAtRestScript = (data: SellPageAtRest): string => drawnDataScript(PAGE_AT_REST_ID, data);
