/**
 * What the server draws into each page before the app's code runs (the frame, the top of a
 * guest's sell page and of the cancellation form), and what it needs to know to draw it: the
 * page an address is, the visitor's culture, the files and reads to ask for early; and the one
 * money formatter, which writes the API's Formatted* fields as the pages write prices; and, for
 * a signed-in person on checkout, checkout's top with what start-up and the funnel need to settle it,
 * and on billing history or the survey, that page's top (on another signed-in page, its skeleton). The server
 * imports from src/ only this module and the API schemas (eslint.config.js holds it to that).
 */
export { SiteHeader } from './shell/SiteHeader';
export { SellIntro, SellPageSection } from './features/purchase-funnel/sell-page/SellIntro';
export {
  CancellationIntro,
  CancellationSection,
  signInUrlFor,
} from './features/cancellation-request/CancellationIntro';
export { findRoute, type RouteId } from './routing/route-table';
export {
  APP_MODULE,
  EARLY_PAGES,
  STARTUP_READS,
  STARTUP_SCHEMAS,
  earlyPageOf,
  pageModuleOf,
} from './routing/early-pages';
export { CULTURES, DEFAULT_CULTURE, type Culture } from './i18n/cultures';
export { visitorCulture } from './i18n/visitor-culture';
export { AFTER_FIRST_PAINT_ID } from './after-first-paint';
export { formatMoney } from './domain/money';
export { DrawnCheckoutTop } from './features/purchase-funnel/checkout/CheckoutTop';
export { drawnCheckoutScript, type DrawnCheckout } from './app/drawn-checkout-data';
export { DrawnPageTop } from './shell/DrawnPageTop';
export { PageCard } from './shell/PageCard';
export { PageSkeleton, type SkeletonShape } from './ui/Skeleton';
export { skeletonShapeAt } from './routing/skeleton-shapes';
export { drawnPageTopScript, type DrawnPageTopView } from './app/drawn-page-top-data';
export { drawnSellTopScript } from './app/drawn-sell-top-data';
export { dayText } from './domain/transaction-format';
export { dayIn, timeZoneFromCookies } from './domain/time-zone';
export { STARTUP_POLICY, pageCodeFor, isMobilePath } from './routing/route-table';
export { readUserStatus } from './app/user-status-cookie';
export { parseQueryParams, queryFlags } from './domain/query-params';
export { supportedCulture } from './i18n/cultures';
export { textPacksForPath } from './routing/page-texts';
export { textPackModule } from './i18n/text-packs';
export { SellPageAtRest, type SellPageAtRestView } from './features/purchase-funnel/sell-page/SellPageAtRest';
export { sellPageAtRestScript } from './app/sell-page-at-rest-data';
export { loadFunnelOffer, type FunnelReads } from './domain/funnel-offer';
export { sellContextOf, sellPageBlocks } from './domain/sell-context';
export { visitorContextOf } from './app/visitor-context';
export { COUNTRY_BY_CULTURE, PORTAL_CODE_BY_CULTURE, PORTAL_ID_BY_CULTURE } from './app/portal';
export { readCountryOverride } from './domain/query-params';
export { SiteFooter, type FooterLinkProps } from './shell/SiteFooter';
export { screenViewedEvent } from './analytics/events';
export {
  CATALOGUE_NAMESPACE,
  productName,
  subscriptionIdentity,
  transactionIdentity,
  type ProductIdentity,
} from './domain/catalogue';
