import type { ApiClient } from './client';
import { cancelPage, pageData, pageDataV2, pageFeatures, paymentPage, userStageSession } from './schemas/pages';

export const pagesApi = (client: ApiClient) => ({
  pageData: (query: { userUID: string; countryCD?: string; docGuid?: string; docTypeCD?: 'RSME' | 'LETR' }) => client.get('pages', pageData, query),
  pageDataV2: (userUID: string) => client.get('v2/pages', pageDataV2, { userUID }),
  features: (query: { userUID: string; visitorPortalID: number; preview?: string; device?: 'Desktop' | 'Tablet' | 'Mobile' }) => client.get('pages/features', pageFeatures, query),
  cancel: (query: { userUID: string; visitorPortalID: number; countryCD?: string }) => client.get('pages/cancel', cancelPage, query),
  userStageSession: (pageId: string, userUid: string) => client.get('pages/userstagesession', userStageSession, { pageId, userUid }),
  payment: (query: { userUID: string; visitorPortalID: number; email?: string }) => client.get('pages/payment', paymentPage, query),
});
