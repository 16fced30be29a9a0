import type { AnyStateMachine } from 'xstate';
import { cancellationRequestMachine } from './cancellation-request.machine';
import { lowIntentOfferMachine } from './low-intent-offer.machine';
import { checkoutFrameMachine } from './checkout-frame.machine';
import { purchaseFunnelMachine } from './purchase-funnel.machine';
import { orderConfirmationMachine } from './order-confirmation.machine';
import { startupAccessMachine } from './startup-access.machine';
import { mySettingsMachine } from './my-settings.machine';
import { cancellationSurveyMachine } from './cancellation-survey.machine';
import { freeReviewMachine } from './free-review.machine';
import { cancellationReminderMachine } from './cancellation-reminder.machine';
import { preCancelMachine } from './pre-cancel.machine';
import { saveOffersMachine } from './save-offers.machine';
import { cancellationConfirmMachine } from './cancellation-confirm.machine';
import { manageSubscriptionMachine } from './manage-subscription.machine';
import { cancellationRatingMachine } from './cancellation-rating.machine';
import { finalOfferMachine } from './final-offer.machine';
import { upsellSequenceMachine } from './upsell-sequence.machine';
import { serviceIntakeMachine } from './service-intake.machine';
import { serviceOffersMachine } from './service-offers.machine';
import { billingHistoryMachine } from './billing-history.machine';
import { transactionDetailMachine } from './transaction-detail.machine';
import { winbackMachine } from './winback.machine';
import { upsellOffersMachine } from './upsell-offers.machine';
import { priceInfoMachine } from './price-info.machine';
import { paymentMethodMachine } from './payment-method.machine';

/**
 * Every flow machine of the app, by name. The diagrams (`npm run visualize`) and the
 * generated path tests read this registry, so a machine that is not listed here is neither
 * drawn nor tested.
 */
export const machines: Record<string, AnyStateMachine> = {
  startupAccess: startupAccessMachine,
  cancellationRequest: cancellationRequestMachine,
  lowIntentOffer: lowIntentOfferMachine,
  orderConfirmation: orderConfirmationMachine,
  purchaseFunnel: purchaseFunnelMachine,
  checkoutFrame: checkoutFrameMachine,
  mySettings: mySettingsMachine,
  cancellationSurvey: cancellationSurveyMachine,
  freeReview: freeReviewMachine,
  cancellationReminder: cancellationReminderMachine,
  preCancel: preCancelMachine,
  saveOffers: saveOffersMachine,
  cancellationConfirm: cancellationConfirmMachine,
  manageSubscription: manageSubscriptionMachine,
  cancellationRating: cancellationRatingMachine,
  finalOffer: finalOfferMachine,
  upsellSequence: upsellSequenceMachine,
  serviceIntake: serviceIntakeMachine,
  serviceOffers: serviceOffersMachine,
  billingHistory: billingHistoryMachine,
  transactionDetail: transactionDetailMachine,
  winback: winbackMachine,
  upsellOffers: upsellOffersMachine,
  priceInfo: priceInfoMachine,
  paymentMethod: paymentMethodMachine,
};
