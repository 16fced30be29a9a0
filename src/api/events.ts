import type { ApiClient } from './client';
import { schemasFrom } from './lazy-schemas';
import type { ErrorLogBody, EventBody } from './schemas/events';
import type { FlowTransitionsBody } from './schemas/flows';

const event = schemasFrom(() => import('./schemas/events'));
const flow = schemasFrom(() => import('./schemas/flows'));

export const eventsApi = (client: ApiClient) => ({
  send: (body: EventBody) => client.post('events', event('accepted'), body),
  subscriptionCancelled: (body: { user_id: string; subscription_id: number; props?: Record<string, unknown> }) =>
    client.post('events/subscription/cancelled', event('accepted'), body),
  logError: (body: ErrorLogBody) => client.post('log', event('accepted'), body),
  /** The flow explorer's record of the machines' transitions (sent from the analytics queue). */
  flowTransitions: (body: FlowTransitionsBody) =>
    client.post('flows/transitions', flow('flowTransitionsRecorded'), body),
});
