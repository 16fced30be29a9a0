import type { ApiClient } from './client';
import { addOnPaymentResult, surveyAnswer, type AddOnPaymentBody, type SurveyAnswerBody } from './schemas/upsell';

export const upsellApi = (client: ApiClient) => ({
  /** The upsell sequence's one-click add-on, on the order's payment method; one charge per key. */
  addOn: (body: AddOnPaymentBody) => client.post('payments/addon', addOnPaymentResult, body),
  /** The upsell offers survey's answer; one per sequence (its key). */
  surveyAnswer: (body: SurveyAnswerBody) => client.post('upsell/survey', surveyAnswer, body),
});
