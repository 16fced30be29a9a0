import * as z from 'zod/mini';
import { jsonObject, positiveBigId, positiveInt4, text } from './blocks';

/** Free-form event properties: small and shallow, so they store as jsonb and serialize safely. */
const eventProps = jsonObject({ maxDepth: 8, maxBytes: 16_000 });

/**
 * The server's own record of a cancellation reported by the web funnel (POST events/subscription/cancelled).
 * It shares the events table with the analytics events, so it has a name of its own, which analytics cannot forge.
 */
export const CANCELLATION_REPORT_EVENT = 'subscription cancellation reported';

export const eventBody = z.object({
  user_id: text({ min: 1, max: 64 }),
  // Refused in any case and with any surrounding white space: the pattern says so to a client.
  event_name: text({ trim: true, min: 1, max: 128 }).check(
    z.regex(new RegExp(`^(?!\\s*${CANCELLATION_REPORT_EVENT}\\s*$)`, 'i'), 'reserved for the server'),
  ),
  identify: z._default(z.boolean(), false),
  props: z._default(eventProps, {}),
});
export type EventBody = z.input<typeof eventBody>;

export const cancelledEventBody = z.object({
  user_id: text({ min: 1, max: 64 }),
  subscription_id: positiveBigId,
  props: z._default(eventProps, {}),
});

export const errorLogBody = z.object({
  CurrentURL: text({ min: 1, max: 2000 }),
  ReferrerURL: z.optional(text({ max: 2000 })),
  UserUID: z.optional(text({ max: 64 })),
  PortalID: z.optional(positiveInt4),
  ErrorType: text({ min: 1, max: 64 }),
  MethodName: text({ min: 1, max: 128 }),
  ErrorMessage: text({ min: 1, max: 4000, multiline: true }),
  Device: z.optional(text({ max: 16 })),
  RawRequest: z.optional(text({ max: 16_000, multiline: true })),
});
export type ErrorLogBody = z.infer<typeof errorLogBody>;

export const accepted = z.object({ id: z.int() });
