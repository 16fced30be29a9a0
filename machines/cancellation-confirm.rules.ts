/**
 * Rules of the last step of the signed-in cancellation: which plan can be cancelled here,
 * when its access ends, and what the cancellation reports. Pure: the machine's guards, its
 * actions' parameters and the page call them.
 */
import { cancelFlowArm, type CancelFlowArm } from './pre-cancel.rules';

/** The plan the page offers to cancel: the current subscription, as the API describes it. */
export interface ConfirmPlan {
  SubscriptionID: number;
  SkuLabel: string;
  StatusCD: string;
  /** The end of the period already paid for. */
  EndDate: string;
}

/** What the server answers for a cancellation (POST subscriptions/cancelv2). */
export interface ConfirmedCancellation {
  CancellationNumber: string;
  SkuLabel: string;
  AccessEndsOn: string;
}

/** An active plan stops renewing and runs to the end of its period. */
export const RENEWING_STATUS = 'ACTV';
/** A plan that is not being paid for (suspended, retrying, pending) ends when it is cancelled. */
export const UNPAID_STATUSES: readonly string[] = ['SUSP', 'RTRY', 'PEND'];

/** A plan is cancellable here while it renews or waits for a payment; an expiring (already cancelled) or ended one is not. */
export const isCancellable = (plan: Pick<ConfirmPlan, 'StatusCD'> | null): boolean =>
  plan !== null && (plan.StatusCD === RENEWING_STATUS || UNPAID_STATUSES.includes(plan.StatusCD));

/** When access ends if the plan is cancelled now: the end of the paid period, or at once for an unpaid plan. */
export const accessEndOf = (
  plan: Pick<ConfirmPlan, 'StatusCD' | 'EndDate'>,
): { kind: 'periodEnd'; date: string } | { kind: 'now' } =>
  plan.StatusCD === RENEWING_STATUS ? { kind: 'periodEnd', date: plan.EndDate } : { kind: 'now' };

/** Failures of the cancellation call: only a refusal that says the plan cannot be cancelled any more is final. */
export type CancelFailure = 'notCancellable' | 'unavailable';

export function cancelFailureOf(error: unknown): CancelFailure {
  const kind =
    typeof error === 'object' && error !== null && 'kind' in error ? (error as { kind: unknown }).kind : null;
  return kind === 'conflict' || kind === 'notFound' || kind === 'forbidden' ? 'notCancellable' : 'unavailable';
}

/** The analytics event a cancellation records (spec §7). */
export const SUBSCRIPTION_CANCELLED_EVENT = 'subscription cancelled on web';

export interface CancelledEvent {
  eventName: typeof SUBSCRIPTION_CANCELLED_EVENT;
  props: { plan: string; cancellation_number: string; cancel_flow_arm: CancelFlowArm; cancel_flow_variation?: number };
}

/**
 * The event's properties: the plan, the cancellation number, the cancel-flow arm (holdout or
 * offers, so saves can be compared with the holdout) and the variation when the person is in the
 * experiment.
 */
export function cancelledEvent(
  plan: Pick<ConfirmPlan, 'SkuLabel'>,
  cancellation: Pick<ConfirmedCancellation, 'CancellationNumber'>,
  cancelFlowVariation: number | null,
): CancelledEvent {
  const props: CancelledEvent['props'] = {
    plan: plan.SkuLabel,
    cancellation_number: cancellation.CancellationNumber,
    cancel_flow_arm: cancelFlowArm(cancelFlowVariation),
  };
  if (cancelFlowVariation !== null) props.cancel_flow_variation = cancelFlowVariation;
  return { eventName: SUBSCRIPTION_CANCELLED_EVENT, props };
}

/**
 * What the server is told (POST events/subscription/cancelled). It carries the cancel-flow arm
 * too: the server's record does not wait for analytics consent, so saves can be compared with
 * the holdout over every cancellation.
 */
export interface CancelledReport {
  subscriptionId: number;
  props: { cancellation_number: string; sku_label: string; cancel_flow_arm: CancelFlowArm };
}

export const cancelledReport = (
  plan: Pick<ConfirmPlan, 'SubscriptionID' | 'SkuLabel'>,
  cancellation: Pick<ConfirmedCancellation, 'CancellationNumber'>,
  cancelFlowVariation: number | null,
): CancelledReport => ({
  subscriptionId: plan.SubscriptionID,
  props: {
    cancellation_number: cancellation.CancellationNumber,
    sku_label: plan.SkuLabel,
    cancel_flow_arm: cancelFlowArm(cancelFlowVariation),
  },
});
