/** Every browser plan, by machine name: what `npm run coverage:paths` reports as the browser's coverage. */
import { cancellationConfirmPlan } from './cancellation-confirm.plan';
import { cancellationReminderPlan } from './cancellation-reminder.plan';
import { cancellationRequestPlan } from './cancellation-request.plan';
import { cancellationSurveyPlan } from './cancellation-survey.plan';
import { cancellationRatingPlan } from './cancellation-rating.plan';
import { finalOfferPlan } from './final-offer.plan';
import { freeReviewPlan } from './free-review.plan';
import { mySettingsPlan } from './my-settings.plan';
import { paymentMethodPlan } from './payment-method.plan';
import { orderConfirmationPlan } from './order-confirmation.plan';
import { preCancelPlan } from './pre-cancel.plan';
import { purchaseFunnelPlan } from './purchase-funnel.plan';
import { startupAccessPlan } from './startup-access.plan';
import { saveOffersPlan } from './save-offers.plan';
import { manageSubscriptionPlan } from './manage-subscription.plan';
import { upsellSequencePlan } from './upsell-sequence.plan';
import { upsellOffersPlan } from './upsell-offers.plan';
import { priceInfoPlan } from './price-info.plan';
import { serviceIntakePlan } from './service-intake.plan';
import { serviceOffersPlan } from './service-offers.plan';
import { billingHistoryPlan } from './billing-history.plan';
import { transactionDetailPlan } from './transaction-detail.plan';
import { winbackPlan } from './winback.plan';
import type { BrowserPlan } from './plan';

export const browserPlans: Record<string, BrowserPlan> = {
  cancellationConfirm: cancellationConfirmPlan,
  cancellationReminder: cancellationReminderPlan,
  cancellationRating: cancellationRatingPlan,
  cancellationRequest: cancellationRequestPlan,
  cancellationSurvey: cancellationSurveyPlan,
  finalOffer: finalOfferPlan,
  freeReview: freeReviewPlan,
  manageSubscription: manageSubscriptionPlan,
  mySettings: mySettingsPlan,
  paymentMethod: paymentMethodPlan,
  orderConfirmation: orderConfirmationPlan,
  preCancel: preCancelPlan,
  purchaseFunnel: purchaseFunnelPlan,
  saveOffers: saveOffersPlan,
  serviceIntake: serviceIntakePlan,
  serviceOffers: serviceOffersPlan,
  startupAccess: startupAccessPlan,
  upsellSequence: upsellSequencePlan,
  billingHistory: billingHistoryPlan,
  transactionDetail: transactionDetailPlan,
  winback: winbackPlan,
  upsellOffers: upsellOffersPlan,
  priceInfo: priceInfoPlan,
};

/** The machines that drive pages: each should have a browser plan. */
export const PAGE_MACHINES = [
  'startupAccess',
  'purchaseFunnel',
  'orderConfirmation',
  'cancellationRequest',
  'mySettings',
  'cancellationSurvey',
  'freeReview',
  'cancellationReminder',
  'cancellationConfirm',
  'preCancel',
  'saveOffers',
  'manageSubscription',
  'cancellationRating',
  'finalOffer',
  'upsellSequence',
  'serviceIntake',
  'serviceOffers',
  'winback',
  'upsellOffers',
  'priceInfo',
  'billingHistory',
  'transactionDetail',
  'paymentMethod',
];
