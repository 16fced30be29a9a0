/** What the dashboard stand-in shares with the app: the promo ad widget's rules and names, and the one-time page notice's key. */
export {
  PROMO_AD_CLICKED_EVENT,
  PROMO_AD_STORAGE_KEY,
  PROMO_AD_VIEWED_EVENT,
  promoWidgetType,
  secondsSpent,
  type PromoWidgetType,
} from '../../domain/promo-ad';
export { PAGE_NOTICE_KEY } from '../../domain/page-notice-key';
