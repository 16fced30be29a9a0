/**
 * The checkout frame protocol (spec §4 "Checkout frame messages"): what the card frame may
 * tell the checkout, checked before anything acts on it. A message counts only if it comes
 * from the frame's own origin and window, names the payment sandbox as its source and has
 * the body its type requires; anything else is dropped without a trace in the flow.
 */
import * as z from 'zod/mini';

const positiveId = z.int().check(z.positive());

const payloads = {
  'PAGE-LOADED': z.object({ skuId: positiveId, sessionGuid: z.string().check(z.minLength(1), z.maxLength(64)) }),
  'RESIZE-IFRAME': z.object({ height: z.number().check(z.minimum(0), z.maximum(20_000)) }),
  'SHOW-LOADER': z.object({ reason: z.optional(z.string().check(z.maxLength(64))) }),
  'HIDE-LOADER': z.object({}),
  'SKU-UPDATED': z.object({ skuId: positiveId }),
  'PAYMENT-SUCCESS': z.object({
    transactionId: positiveId,
    subscriptionId: z.nullable(positiveId),
    skuId: positiveId,
    amount: z.number().check(z.minimum(0)),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    replayed: z.boolean(),
    paymentMethod: z.string().check(z.regex(/^[A-Z]{2,8}$/)),
    cardType: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  }),
  'PAYMENT-FAILURE': z.object({
    code: z.string().check(z.maxLength(64)),
    status: z.optional(z.string().check(z.maxLength(16))),
  }),
  'ELEMENT-IN-VIEW': z.object({ element: z.string().check(z.maxLength(64)) }),
  'SCROLL-TO-FRAME': z.object({}),
  'REDIRECT-APM-URL': z.object({ url: z.string().check(z.maxLength(2000)) }),
  'continue-CTA-click': z.object({ method: z.optional(z.string().check(z.maxLength(16))) }),
} as const;

export type FrameMessageType = keyof typeof payloads;
export const FRAME_MESSAGE_TYPES = Object.keys(payloads) as FrameMessageType[];
export type FrameMessage = {
  [K in FrameMessageType]: { type: K; payload: z.infer<(typeof payloads)[K]> };
}[FrameMessageType];
export type PaymentSuccess = z.infer<(typeof payloads)['PAYMENT-SUCCESS']>;
export type PaymentFailure = z.infer<(typeof payloads)['PAYMENT-FAILURE']>;

export const FRAME_SOURCE = 'payment-sandbox';

export interface ReceivedMessage {
  origin: string;
  /** True when the message came from the checkout's own frame window. */
  fromFrameWindow: boolean;
  data: unknown;
}

const envelope = z.object({ source: z.literal(FRAME_SOURCE), type: z.string(), payload: z.optional(z.unknown()) });

/** The message, typed, or null when it must be ignored. */
export function readFrameMessage(message: ReceivedMessage, frameOrigin: string): FrameMessage | null {
  if (message.origin !== frameOrigin || !message.fromFrameWindow) return null;
  const outer = envelope.safeParse(message.data);
  if (!outer.success || !(outer.data.type in payloads)) return null;
  const type = outer.data.type as FrameMessageType;
  const payload = payloads[type].safeParse(outer.data.payload ?? {});
  return payload.success ? ({ type, payload: payload.data } as FrameMessage) : null;
}

/** An alternative payment method may send the whole page only to a page of the frame's own origin. */
export function isSafeApmRedirect(url: string, frameOrigin: string): boolean {
  try {
    return new URL(url, frameOrigin).origin === frameOrigin;
  } catch {
    return false;
  }
}

/**
 * The frame's height before it reports its own: the page keeps this much room for it from the first paint.
 * About the card form's own height on a 390px phone, so the frame's first report moves little.
 */
export const FRAME_START_HEIGHT = 264;

/** The frame's height is followed within sane bounds, so a bad value cannot collapse or blow up the page. */
export const frameHeight = (reported: number): number => Math.min(Math.max(Math.ceil(reported), 160), 1600);

/** The frame's PAGE-LOADED must name the checkout session it was opened for. */
export const belongsToCheckout = (reportedGuid: string, sessionGuid: string): boolean => reportedGuid === sessionGuid;
