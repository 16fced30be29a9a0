import { z } from 'zod';

export const eventBody = z.object({
  user_id: z.string().min(1).max(64),
  event_name: z.string().trim().min(1).max(128),
  identify: z.boolean().default(false),
  props: z.record(z.string(), z.unknown()).default({}).refine((props) => JSON.stringify(props).length <= 16_000, 'props are too large'),
});
export type EventBody = z.input<typeof eventBody>;

export const cancelledEventBody = z.object({
  user_id: z.string().min(1).max(64),
  subscription_id: z.number().int().positive(),
  props: z.record(z.string(), z.unknown()).default({}),
});

export const errorLogBody = z.object({
  CurrentURL: z.string().min(1).max(2000),
  ReferrerURL: z.string().max(2000).optional(),
  UserUID: z.string().max(64).optional(),
  PortalID: z.number().int().positive().optional(),
  ErrorType: z.string().min(1).max(64),
  MethodName: z.string().min(1).max(128),
  ErrorMessage: z.string().min(1).max(4000),
  Device: z.string().max(16).optional(),
  RawRequest: z.string().max(16_000).optional(),
});
export type ErrorLogBody = z.infer<typeof errorLogBody>;

export const accepted = z.object({ id: z.number().int() });
