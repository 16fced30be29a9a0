import { drawnCheckoutAt, forgetDrawnCheckoutUnless } from './drawn-checkout';
import { drawnPageTopAt, forgetDrawnPageTopUnless } from './drawn-page-top';
import { forgetDrawnSellTopUnless } from './drawn-sell-top';
import { forgetSellPageAtRestUnless, serverDrewSellPageAtRestAt } from './sell-page-at-rest';

type Address = { pathname: string; search: string };

/** Whether the server drew this address's page top (checkout's or another page's) or the whole page at rest: it is the page while start-up settles. */
export const serverDrewTopAt = (location: Address): boolean =>
  drawnCheckoutAt(location) !== null || drawnPageTopAt(location) !== null || serverDrewSellPageAtRestAt(location);

/** Once the app has moved on, whatever the server drew belongs to the past. */
export function forgetServerDrawingsUnless(location: Address): void {
  forgetDrawnCheckoutUnless(location);
  forgetDrawnPageTopUnless(location);
  forgetDrawnSellTopUnless(location);
  forgetSellPageAtRestUnless(location);
}
