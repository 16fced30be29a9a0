import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/winback'));

export const winbackApi = (client: ApiClient) => ({
  /** Whether the person may be won back, and with which user type and cancellation days the offers are asked for. */
  facts: (userId: string) => client.get(`winback/${userId}`, schema('winbackFacts')),
});
