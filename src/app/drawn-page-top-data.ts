import * as z from 'zod/mini';
import { drawnDataScript } from './drawn-data-script';

/**
 * The top of a signed-in page the server drew, in the person's language, where start-up lets
 * them stay and the page's first drawing does not depend on what it loads: its heading and the
 * line under it, exactly as the page shows them while it loads. The app draws the same top until
 * the page itself is drawn; it decides nothing.
 */
export const DRAWN_PAGE_TOP_ID = 'drawn-page-top';

const DRAWN_PAGE_TOPS = ['billingHistory', 'cancellationSurvey'] as const;

export const drawnPageTop = z.object({
  href: z.string(),
  page: z.enum(DRAWN_PAGE_TOPS),
  heading: z.string(),
  /** Billing history's range; the survey's loading notice. */
  line: z.string(),
});
export type DrawnPageTopView = z.infer<typeof drawnPageTop>;

export const drawnPageTopScript = (data: DrawnPageTopView): string => drawnDataScript(DRAWN_PAGE_TOP_ID, data);
