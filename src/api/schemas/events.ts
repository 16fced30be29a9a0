import * as z from 'zod/mini';

export const eventBody = z.object({
  user_id: z.string().check(z.minLength(1), z.maxLength(64)),
  event_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  identify: z._default(z.boolean(), false),
  props: z._default(z.record(z.string(), z.unknown()), {}).check(z.refine((props) => JSON.stringify(props).length <= 16_000, 'props are too large')),
});
export type EventBody = z.input<typeof eventBody>;

export const cancelledEventBody = z.object({
  user_id: z.string().check(z.minLength(1), z.maxLength(64)),
  subscription_id: z.int().check(z.positive()),
  props: z._default(z.record(z.string(), z.unknown()), {}),
});

export const errorLogBody = z.object({
  CurrentURL: z.string().check(z.minLength(1), z.maxLength(2000)),
  ReferrerURL: z.optional(z.string().check(z.maxLength(2000))),
  UserUID: z.optional(z.string().check(z.maxLength(64))),
  PortalID: z.optional(z.int().check(z.positive())),
  ErrorType: z.string().check(z.minLength(1), z.maxLength(64)),
  MethodName: z.string().check(z.minLength(1), z.maxLength(128)),
  ErrorMessage: z.string().check(z.minLength(1), z.maxLength(4000)),
  Device: z.optional(z.string().check(z.maxLength(16))),
  RawRequest: z.optional(z.string().check(z.maxLength(16_000))),
});
export type ErrorLogBody = z.infer<typeof errorLogBody>;

export const accepted = z.object({ id: z.int() });
