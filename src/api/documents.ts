import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/documents'));
const answer = schemasFrom(() => import('./schemas/answers'));

export const documentsApi = (client: ApiClient) => ({
  latestId: (userUID: string, docTypeCD: 'RSME' | 'LETR' = 'RSME') =>
    client.get('documents/lastestdocid', schema('latestDocId'), { userUID, docTypeCD }),
  latest: (userUID: string) => client.get(`documents/${userUID}/latest`, answer('latestDocument')),
  list: (userUID: string, docTypeCD?: 'RSME' | 'LETR') =>
    client.get('documents/list', schema('documentList'), { userUID, docTypeCD }),
  count: (userUID: string) => client.get('documents/doccount', schema('docCount'), { userUID }),
  metadata: (documentId: string) => client.get('documents/metadata', schema('metadata'), { documentId }),
  resumeScore: (documentId: string) => client.get('documents/resumescore', schema('resumeScore'), { documentId }),
  reviewOrders: (userUID: string) => client.get('documents/rexorders', schema('reviewOrders'), { userUID }),
  reviewOrderDetails: (orderId: number) =>
    client.get('documents/rexordersdetails', schema('reviewOrderDetails'), { orderId }),
});
