import type { ApiClient } from './client';
import {
  cancellationData,
  cancellationReceipt,
  pauseResult,
  resumeResult,
  saveOfferResult,
  subscriptionDetails,
  subscriptionList,
  surveyResult,
  type CancelBody,
  type CancellationRequestBody,
  type PauseBody,
  type ResumeBody,
  type SaveOfferBody,
  type SurveyBody,
} from './schemas/subscriptions';

export const subscriptionsApi = (client: ApiClient) => ({
  list: (userUID: string, isCurrentOnly = false) => client.get('subscriptions', subscriptionList, { userUID, isCurrentOnly }),
  cancel: (body: CancelBody) => client.post('subscriptions/cancelv2', cancellationData, body),
  answerSurvey: (body: SurveyBody) => client.post('subscriptions/survey', surveyResult, body),
  takeSaveOffer: (body: SaveOfferBody) => client.post('subscriptions/saveoffer', saveOfferResult, body),
  pause: (body: PauseBody) => client.post('subscriptions/pause', pauseResult, body),
  resume: (body: ResumeBody) => client.post('subscriptions/resume', resumeResult, body),
  requestCancellation: (body: CancellationRequestBody) => client.post('v2/subscriptions/cancel', cancellationReceipt, body),
  details: (subscriptionId: number) => client.get(`v2/subscriptions/${subscriptionId}/details`, subscriptionDetails),
});
