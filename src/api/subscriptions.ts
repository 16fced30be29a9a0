import type { ApiClient } from './client';
import {
  cancellationData,
  cancellationReceipt,
  subscriptionDetails,
  subscriptionList,
  surveyResult,
  type CancelBody,
  type CancellationRequestBody,
  type SurveyBody,
} from './schemas/subscriptions';

export const subscriptionsApi = (client: ApiClient) => ({
  list: (userUID: string, isCurrentOnly = false) => client.get('subscriptions', subscriptionList, { userUID, isCurrentOnly }),
  cancel: (body: CancelBody) => client.post('subscriptions/cancelv2', cancellationData, body),
  answerSurvey: (body: SurveyBody) => client.post('subscriptions/survey', surveyResult, body),
  requestCancellation: (body: CancellationRequestBody) => client.post('v2/subscriptions/cancel', cancellationReceipt, body),
  details: (subscriptionId: number) => client.get(`v2/subscriptions/${subscriptionId}/details`, subscriptionDetails),
});
