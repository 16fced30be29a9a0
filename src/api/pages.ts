import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/pages'));

export const pagesApi = (client: ApiClient) => ({
  pageData: (query: { userUID: string; countryCD?: string; docGuid?: string; docTypeCD?: 'RSME' | 'LETR' }) =>
    client.get('pages', schema('pageData'), query),
  pageDataV2: (userUID: string) => client.get('v2/pages', schema('pageDataV2'), { userUID }),
  features: (query: {
    userUID: string;
    visitorPortalID: number;
    preview?: string;
    device?: 'Desktop' | 'Tablet' | 'Mobile';
  }) => client.get('pages/features', schema('pageFeatures'), query),
  cancel: (query: { userUID: string; visitorPortalID: number; countryCD?: string }) =>
    client.get('pages/cancel', schema('cancelPage'), query),
  userStageSession: (pageId: string, userUid: string) =>
    client.get('pages/userstagesession', schema('userStageSession'), { pageId, userUid }),
  payment: (query: { userUID: string; visitorPortalID: number; email?: string }) =>
    client.get('pages/payment', schema('paymentPage'), query),
});
