/** What the dashboard stand-in shares with the app: the promo ad widget's rules and names. */
export {
  PROMO_AD_CLICKED_EVENT,
  PROMO_AD_STORAGE_KEY,
  PROMO_AD_VIEWED_EVENT,
  promoWidgetType,
  secondsSpent,
  type PromoWidgetType,
} from '../../domain/promo-ad';
