/** What the dashboard stand-in shares with the app: the promo ad widget's rules and names. */
export {
  FALLBACK_PROMO_WIDGET,
  PROMO_AD_CLICKED_EVENT,
  PROMO_AD_STORAGE_KEY,
  PROMO_AD_VIEWED_EVENT,
  PROMO_WIDGET_TYPES,
  promoWidgetType,
  secondsSpent,
  type PromoWidgetType,
} from '../../domain/promo-ad';
