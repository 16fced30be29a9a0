/**
 * The bench's budgets (issue #17). Absolute times do not travel between machines, so the page
 * figures are judged as ratios to the floor app's page, measured in the same run on the same
 * machine; the absolute figures are reported beside them.
 */
export interface Budget {
  text: string;
  within: (value: number) => boolean;
}

const atMost = (limit: number, unit = ''): Budget => ({ text: `≤ ${limit}${unit}`, within: (v) => v <= limit });
const ratioAtMost = (limit: number, reference: string): Budget => ({
  text: `≤ ${limit} × ${reference}`,
  within: (v) => v <= limit,
});

export const BUDGETS = {
  /** Sell page JavaScript before interaction, gzip KB, minus the floor app's first view. */
  sellPageJsOverFloorKb: atMost(25, ' KB over the floor'),
  /** TBT on the mobile preset, each built page over the floor page's. */
  tbtRatio: ratioAtMost(1.5, "the floor page's TBT"),
  lcpMs: atMost(1800, ' ms'),
  lcpRatio: ratioAtMost(1.3, "the floor page's LCP"),
  cls: atMost(0.02),
  /** Click to next paint at 4× CPU. */
  clickMs: atMost(100, ' ms'),
  clickRatio: ratioAtMost(1.5, "a bare react-aria radio's"),
  paymentsP99Ms: { pglite: atMost(250, ' ms'), postgres: atMost(100, ' ms') },
  /** The flow explorer's counts of one machine over 1,000,000 recorded transitions on PGlite. */
  flowCountsP95Ms: atMost(200, ' ms'),
  /** The flow explorer's first view (LCP) with Lighthouse's desktop preset. */
  explorerFirstViewMs: atMost(1000, ' ms'),
  errors: atMost(0),
  /** The payment loads' connections are all open before the clock starts: none opens inside the window. */
  connectionsOpenedInWindow: atMost(0),
  /** Each paid key must have exactly one SALE. */
  salesPerKey: { text: '= 1 for every key', within: (v: number) => v === 1 } satisfies Budget,
} as const;

/** The pages the Lighthouse budgets apply to. */
export const BUDGETED_PAGES = [
  'sell page',
  'checkout',
  'logged-out cancellation request',
  'cancellation survey',
  'billing history',
] as const;
