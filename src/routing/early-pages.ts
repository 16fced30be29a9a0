import { findRoute, type RouteId } from './route-table';

/**
 * The money pages, and the cancellation form the law wants easy to reach, are worth fetching
 * before start-up has decided who the visitor is: their code and the reads they always make. The server names these in the page's
 * head so the browser fetches them while the app's own code is still arriving; the app
 * starts the same downloads itself when the server did not (the Vite dev server).
 */
export interface EarlyPage {
  /** The page's module, as Vite's manifest names it. */
  module: string;
  /** API reads (below the API base) it makes whoever the visitor is. */
  reads: string[];
}

/** The app's own entry, which main.tsx starts after the first paint (see vite.config.ts). */
export const APP_MODULE = 'src/boot.tsx';

/** Start-up reads the claims and the Shell configuration on every page. */
export const STARTUP_READS = ['users/claims', 'config/features?moduleName=Shell'];

export const EARLY_PAGES = {
  sell: { module: 'src/features/purchase-funnel/sell-page/SellPage.tsx', reads: ['config/features?moduleName=SellPage', 'config/features?moduleName=Checkout'] },
  checkout: { module: 'src/features/purchase-funnel/checkout/CheckoutPage.tsx', reads: ['config/features?moduleName=Checkout'] },
  cancellationForm: { module: 'src/features/cancellation-request/CancellationRequestPage.tsx', reads: ['config/features?moduleName=Cancellation'] },
} as const satisfies Record<string, EarlyPage>;

export type EarlyPageName = keyof typeof EARLY_PAGES;

const EARLY_PAGE_OF_ROUTE: Partial<Record<RouteId, EarlyPageName>> = {
  pricing: 'sell',
  pricingV2: 'sell',
  index: 'sell',
  problem: 'sell',
  plans: 'sell',
  mobilePlans: 'sell',
  abandonCart: 'sell',
  checkout: 'checkout',
  mobileCheckout: 'checkout',
  cancellationRequest: 'cancellationForm',
};

export function earlyPageOf(pathname: string): EarlyPageName | null {
  const route = findRoute(pathname);
  return route ? (EARLY_PAGE_OF_ROUTE[route.id] ?? null) : null;
}
