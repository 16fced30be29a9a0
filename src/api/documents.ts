import * as z from 'zod/mini';
import type { ApiClient } from './client';
import { docCount, documentList, documentSummary, latestDocId, metadata, resumeScore, reviewOrderDetails, reviewOrders } from './schemas/documents';

export const documentsApi = (client: ApiClient) => ({
  latestId: (userUID: string, docTypeCD: 'RSME' | 'LETR' = 'RSME') => client.get('documents/lastestdocid', latestDocId, { userUID, docTypeCD }),
  latest: (userUID: string) => client.get(`documents/${userUID}/latest`, z.object({ Document: z.nullable(documentSummary) })),
  list: (userUID: string, docTypeCD?: 'RSME' | 'LETR') => client.get('documents/list', documentList, { userUID, docTypeCD }),
  count: (userUID: string) => client.get('documents/doccount', docCount, { userUID }),
  metadata: (documentId: string) => client.get('documents/metadata', metadata, { documentId }),
  resumeScore: (documentId: string) => client.get('documents/resumescore', resumeScore, { documentId }),
  reviewOrders: (userUID: string) => client.get('documents/rexorders', reviewOrders, { userUID }),
  reviewOrderDetails: (orderId: number) => client.get('documents/rexordersdetails', reviewOrderDetails, { orderId }),
  /** The URL the browser opens (in a hidden frame or a print window) to get the file. */
});
