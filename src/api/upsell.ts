import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { AddOnPaymentBody, SurveyAnswerBody } from './schemas/upsell';

const schema = schemasFrom(() => import('./schemas/upsell'));

export const upsellApi = (client: ApiClient) => ({
  /** The upsell sequence's one-click add-on, on the order's payment method; one charge per key. */
  addOn: (body: AddOnPaymentBody) => client.post('payments/addon', schema('addOnPaymentResult'), body),
  /** The upsell offers survey's answer; one per sequence (its key). */
  surveyAnswer: (body: SurveyAnswerBody) => client.post('upsell/survey', schema('surveyAnswer'), body),
});
