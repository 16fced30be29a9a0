/**
 * Messages to the page that frames the confirmation in an affiliate flow. They go to one
 * named origin, never '*': the configured one, else the framing page's own origin as the
 * browser reports it, else the referrer's. Without any of these nothing is posted.
 */
import type { AffiliateMessage } from '../../../machines/order-confirmation.rules';

const originOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

export interface ParentOriginSources {
  configured: string | null;
  /** `location.ancestorOrigins[0]` where the browser offers it. */
  ancestorOrigin: string | null;
  referrer: string;
}

export function affiliateTargetOrigin(sources: ParentOriginSources): string | null {
  return originOf(sources.configured) ?? originOf(sources.ancestorOrigin) ?? originOf(sources.referrer);
}

export const AFFILIATE_MESSAGE_SOURCE = 'order-confirmation';

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Posts `{ source, type, orderId }`; false when there is no origin to post to. */
export function postToAffiliateParent(
  parent: ParentWindow,
  message: AffiliateMessage,
  targetOrigin: string | null,
): boolean {
  if (!targetOrigin) return false;
  parent.postMessage({ source: AFFILIATE_MESSAGE_SOURCE, type: message.type, orderId: message.orderId }, targetOrigin);
  return true;
}
