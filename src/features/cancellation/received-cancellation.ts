/** What the signed-in receipt shows: the person's latest declared cancellation, read from their subscriptions. */
import type { Subscription } from '../../api/schemas/subscriptions';

export interface ReceivedCancellation {
  CancellationNumber: string;
  SkuLabel: string;
  /** When the cancellation was declared. */
  CancelledOn: string;
  /** The day access ends. */
  EndDate: string;
}

/** The newest subscription that was cancelled with a number; null when there is none. */
export function latestCancellation(subscriptions: readonly Subscription[]): ReceivedCancellation | null {
  const cancelled = subscriptions
    .filter(
      (s): s is Subscription & { CancelledOn: string; CancellationNumber: string } =>
        s.CancelledOn !== null && s.CancellationNumber !== null,
    )
    .sort((a, b) => Date.parse(b.CancelledOn) - Date.parse(a.CancelledOn));
  const last = cancelled[0];
  return last
    ? {
        CancellationNumber: last.CancellationNumber,
        SkuLabel: last.SkuLabel,
        CancelledOn: last.CancelledOn,
        EndDate: last.EndDate,
      }
    : null;
}
