/** The cancellation rating page's paths the browser drives (cancellation-rating.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The person chooses stars (only the five the page shows, and other than those chosen), writes a comment, sends, retries a
 * failed send, or skips; the page sends by itself. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.sendRating')) return s.matches('sending');
  // Clicking the stars already chosen changes nothing: only other stars are a move.
  if (type === 'rating.choose')
    return s.context.rating !== event.rating && s.can({ type, rating: event.rating as number });
  if (type === 'rating.comment') return s.can({ type, comment: event.comment as string });
  return s.can({ type });
}

export const cancellationRatingPlan = browserPlan({
  machine: 'cancellationRating',
  pageOffers,
  notDriven: {},
});
