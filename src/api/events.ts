import type { ApiClient } from './client';
import { accepted, type ErrorLogBody, type EventBody } from './schemas/events';

export const eventsApi = (client: ApiClient) => ({
  send: (body: EventBody) => client.post('events', accepted, body),
  subscriptionCancelled: (body: { user_id: string; subscription_id: number; props?: Record<string, unknown> }) => client.post('events/subscription/cancelled', accepted, body),
  logError: (body: ErrorLogBody) => client.post('log', accepted, body),
});
