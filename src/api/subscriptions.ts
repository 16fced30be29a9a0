import { schemasFrom } from './lazy-schemas';
import type { z } from 'zod/mini';
import type { ApiClient } from './client';
import type {
  CancelBody,
  CancellationRequestBody,
  pauseBody,
  resumeBody,
  saveOfferBody,
  SurveyBody,
} from './schemas/subscriptions';

const schema = schemasFrom(() => import('./schemas/subscriptions'));

export const subscriptionsApi = (client: ApiClient) => ({
  list: (userUID: string, isCurrentOnly = false) =>
    client.get('subscriptions', schema('subscriptionList'), { userUID, isCurrentOnly }),
  cancel: (body: CancelBody) => client.post('subscriptions/cancelv2', schema('cancellationData'), body),
  answerSurvey: (body: SurveyBody) => client.post('subscriptions/survey', schema('surveyResult'), body),
  takeSaveOffer: (body: z.input<typeof saveOfferBody>) =>
    client.post('subscriptions/saveoffer', schema('saveOfferResult'), body),
  pause: (body: z.input<typeof pauseBody>) => client.post('subscriptions/pause', schema('pauseResult'), body),
  resume: (body: z.input<typeof resumeBody>) => client.post('subscriptions/resume', schema('resumeResult'), body),
  requestCancellation: (body: CancellationRequestBody) =>
    client.post('v2/subscriptions/cancel', schema('cancellationReceipt'), body),
  details: (subscriptionId: number) =>
    client.get(`v2/subscriptions/${subscriptionId}/details`, schema('subscriptionDetails')),
});
