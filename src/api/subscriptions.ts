import type { z } from 'zod/mini';
import type { ApiClient } from './client';
import type { pauseBody, resumeBody, saveOfferBody } from './schemas/subscriptions';
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
  type SurveyBody,
} from './schemas/subscriptions';

export const subscriptionsApi = (client: ApiClient) => ({
  list: (userUID: string, isCurrentOnly = false) => client.get('subscriptions', subscriptionList, { userUID, isCurrentOnly }),
  cancel: (body: CancelBody) => client.post('subscriptions/cancelv2', cancellationData, body),
  answerSurvey: (body: SurveyBody) => client.post('subscriptions/survey', surveyResult, body),
  takeSaveOffer: (body: z.input<typeof saveOfferBody>) => client.post('subscriptions/saveoffer', saveOfferResult, body),
  pause: (body: z.input<typeof pauseBody>) => client.post('subscriptions/pause', pauseResult, body),
  resume: (body: z.input<typeof resumeBody>) => client.post('subscriptions/resume', resumeResult, body),
  requestCancellation: (body: CancellationRequestBody) => client.post('v2/subscriptions/cancel', cancellationReceipt, body),
  details: (subscriptionId: number) => client.get(`v2/subscriptions/${subscriptionId}/details`, subscriptionDetails),
});
