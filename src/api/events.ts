import type { ApiClient } from './client';
import { accepted, type ErrorLogBody, type EventBody } from './schemas/events';
import { flowTransitionsRecorded, type FlowTransitionsBody } from './schemas/flows';

export const eventsApi = (client: ApiClient) => ({
  send: (body: EventBody) => client.post('events', accepted, body),
  subscriptionCancelled: (body: { user_id: string; subscription_id: number; props?: Record<string, unknown> }) => client.post('events/subscription/cancelled', accepted, body),
  logError: (body: ErrorLogBody) => client.post('log', accepted, body),
  /** The flow explorer's record of the machines' transitions (sent from the analytics queue). */
  flowTransitions: (body: FlowTransitionsBody) => client.post('flows/transitions', flowTransitionsRecorded, body),
});
