import type { PathModel } from '../coverage';
import { cancellationRequestModel } from './cancellationRequest.model';
import { lowIntentOfferModel } from './lowIntentOffer.model';
import { checkoutFrameModel } from './checkoutFrame.model';
import { purchaseFunnelModel } from './purchaseFunnel.model';
import { orderConfirmationModel } from './orderConfirmation.model';
import { startupAccessModel } from './startupAccess.model';
import { mySettingsModel } from './mySettings.model';
import { cancellationSurveyModel } from './cancellationSurvey.model';
import { freeReviewModel } from './freeReview.model';
import { cancellationReminderModel } from './cancellationReminder.model';
import { preCancelModel } from './preCancel.model';
import { saveOffersModel } from './saveOffers.model';
import { cancellationConfirmModel } from './cancellationConfirm.model';
import { manageSubscriptionModel } from './manageSubscription.model';
import { cancellationRatingModel } from './cancellationRating.model';
import { finalOfferModel } from './finalOffer.model';
import { upsellSequenceModel } from './upsellSequence.model';
import { serviceIntakeModel } from './serviceIntake.model';
import { serviceOffersModel } from './serviceOffers.model';
import { billingHistoryModel } from './billingHistory.model';
import { transactionDetailModel } from './transactionDetail.model';
import { winbackModel } from './winback.model';
import { upsellOffersModel } from './upsellOffers.model';
import { priceInfoModel } from './priceInfo.model';
import { paymentMethodModel } from './paymentMethod.model';

/** One path model per registered machine, by the same name as in machines/index.ts. */
export const pathModels: Record<string, PathModel> = {
  startupAccess: startupAccessModel,
  cancellationRequest: cancellationRequestModel,
  lowIntentOffer: lowIntentOfferModel,
  orderConfirmation: orderConfirmationModel,
  purchaseFunnel: purchaseFunnelModel,
  checkoutFrame: checkoutFrameModel,
  mySettings: mySettingsModel,
  cancellationSurvey: cancellationSurveyModel,
  freeReview: freeReviewModel,
  cancellationReminder: cancellationReminderModel,
  preCancel: preCancelModel,
  saveOffers: saveOffersModel,
  cancellationConfirm: cancellationConfirmModel,
  manageSubscription: manageSubscriptionModel,
  cancellationRating: cancellationRatingModel,
  finalOffer: finalOfferModel,
  upsellSequence: upsellSequenceModel,
  serviceIntake: serviceIntakeModel,
  serviceOffers: serviceOffersModel,
  billingHistory: billingHistoryModel,
  transactionDetail: transactionDetailModel,
  winback: winbackModel,
  upsellOffers: upsellOffersModel,
  priceInfo: priceInfoModel,
  paymentMethod: paymentMethodModel,
};
