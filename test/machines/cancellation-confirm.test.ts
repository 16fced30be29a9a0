import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  cancellationConfirmMachine,
  type CancelInput,
  type CancellationConfirmOutput,
} from '../../machines/cancellation-confirm.machine';
import {
  accessEndOf,
  cancelFailureOf,
  cancelledEvent,
  cancelledReport,
  isCancellable,
  SUBSCRIPTION_CANCELLED_EVENT,
  type CancelledEvent,
  type CancelledReport,
  type ConfirmedCancellation,
  type ConfirmPlan,
} from '../../machines/cancellation-confirm.rules';

const plan: ConfirmPlan = {
  SubscriptionID: 7,
  SkuLabel: '14-Day Full Access',
  StatusCD: 'ACTV',
  EndDate: '2026-12-09T00:00:00.000Z',
};
const cancellation: ConfirmedCancellation = {
  CancellationNumber: 'CN20261125000042',
  SkuLabel: plan.SkuLabel,
  AccessEndsOn: plan.EndDate,
};

/** The machine with stub effects that record what happened; answers are given in order. */
function start(options: {
  plans?: (() => Promise<ConfirmPlan | null>)[];
  cancels?: (() => Promise<ConfirmedCancellation>)[];
  cancelFlowVariation?: number | null;
}) {
  let plans = options.plans ?? [() => Promise.resolve(plan)];
  let cancels = options.cancels ?? [() => Promise.resolve(cancellation)];
  const log = {
    loads: 0,
    cancels: [] as CancelInput[],
    reports: [] as CancelledReport[],
    tracked: [] as CancelledEvent[],
    receipts: [] as CancellationConfirmOutput[],
    leftToSettings: 0,
  };
  const actor = createActor(
    cancellationConfirmMachine.provide({
      actors: {
        loadPlan: fromPromise<ConfirmPlan | null, { userUid: string }>(async () => {
          log.loads++;
          const [next, ...rest] = plans;
          plans = rest;
          return next!();
        }),
        cancelSubscription: fromPromise<ConfirmedCancellation, CancelInput>(async ({ input }) => {
          log.cancels.push(input);
          const [next, ...rest] = cancels;
          cancels = rest;
          return next!();
        }),
      },
      actions: {
        reportCancellation: (_, report) => void log.reports.push(report),
        trackCancellation: (_, event) => void log.tracked.push(event),
        showReceipt: (_, output) => void log.receipts.push(output),
        leaveToSettings: () => void log.leftToSettings++,
      },
    }),
    { input: { userUid: 'u-1', cancelFlowVariation: options.cancelFlowVariation ?? null } },
  ).start();
  return { actor, log };
}

describe('cancellation confirm machine', () => {
  it('shows the plan, cancels it once, reports and records it, then shows the receipt', async () => {
    const { actor, log } = start({ cancelFlowVariation: 3 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.plan).toEqual(plan);
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // The second click of a double click finds nothing to do.
    actor.send({ type: 'confirm.cancel' });
    actor.send({ type: 'confirm.keep' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(log.cancels).toEqual([{ userUid: 'u-1', subscriptionId: 7 }]);
    expect(done.output).toEqual({ outcome: 'cancelled', cancellation });
    expect(log.reports).toEqual([
      {
        subscriptionId: 7,
        props: {
          cancellation_number: cancellation.CancellationNumber,
          sku_label: plan.SkuLabel,
          cancel_flow_arm: 'offers',
        },
      },
    ]);
    expect(log.tracked).toEqual([
      {
        eventName: SUBSCRIPTION_CANCELLED_EVENT,
        props: {
          plan: plan.SkuLabel,
          cancellation_number: cancellation.CancellationNumber,
          cancel_flow_arm: 'offers',
          cancel_flow_variation: 3,
        },
      },
    ]);
    expect(log.receipts).toEqual([{ outcome: 'cancelled', cancellation }]);
    expect(log.leftToSettings).toBe(0);
  });

  it('a failed cancellation keeps the page with its error; trying again cancels', async () => {
    const { actor, log } = start({
      cancels: [() => Promise.reject({ kind: 'server' }), () => Promise.resolve(cancellation)],
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'confirm.cancel' });
    const failed = await waitFor(actor, (s) => s.matches({ ready: 'cancelFailed' }));
    expect(failed.context.failure).toBe('unavailable');
    expect(failed.context.plan).toEqual(plan);
    expect(failed.can({ type: 'confirm.cancel' })).toBe(true);
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(log.cancels).toHaveLength(2);
    expect(log.receipts).toHaveLength(1);
    expect(log.tracked).toHaveLength(1);
  });

  it('a refusal because the plan cannot be cancelled any more says there is nothing to cancel', async () => {
    const { actor, log } = start({ cancels: [() => Promise.reject({ kind: 'conflict' })] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'confirm.cancel' });
    await waitFor(actor, (s) => s.matches('nothingToCancel'));
    expect(log.tracked).toEqual([]);
  });

  it('keeping the plan leaves for my settings without cancelling', async () => {
    const { actor, log } = start({});
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'confirm.keep' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'kept' });
    expect(log.leftToSettings).toBe(1);
    expect(log.cancels).toEqual([]);
  });

  it('a failed load offers a retry that loads again', async () => {
    const { actor, log } = start({ plans: [() => Promise.reject(new Error('503')), () => Promise.resolve(plan)] });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().can({ type: 'confirm.cancel' })).toBe(false);
    actor.send({ type: 'confirm.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(log.loads).toBe(2);
  });

  it.each([
    ['no plan', null],
    ['a plan already cancelled', { ...plan, StatusCD: 'EXPR' }],
    ['an ended plan', { ...plan, StatusCD: 'EXPD' }],
  ])('%s: nothing to cancel, and the way back to my settings', async (_, answer) => {
    const { actor, log } = start({ plans: [() => Promise.resolve(answer)] });
    await waitFor(actor, (s) => s.matches('nothingToCancel'));
    expect(actor.getSnapshot().can({ type: 'confirm.cancel' })).toBe(false);
    actor.send({ type: 'confirm.keep' });
    expect(log.leftToSettings).toBe(1);
  });
});

describe('cancellation confirm rules', () => {
  it('a renewing or unpaid plan can be cancelled; an expiring or ended one cannot', () => {
    for (const status of ['ACTV', 'SUSP', 'RTRY', 'PEND']) expect(isCancellable({ StatusCD: status })).toBe(true);
    for (const status of ['EXPR', 'EXPD', 'BASE']) expect(isCancellable({ StatusCD: status })).toBe(false);
    expect(isCancellable(null)).toBe(false);
  });

  it('access runs to the end of the paid period, or ends now for an unpaid plan', () => {
    expect(accessEndOf(plan)).toEqual({ kind: 'periodEnd', date: plan.EndDate });
    expect(accessEndOf({ ...plan, StatusCD: 'SUSP' })).toEqual({ kind: 'now' });
  });

  it('only a refusal about the plan itself is final', () => {
    expect(cancelFailureOf({ kind: 'conflict' })).toBe('notCancellable');
    expect(cancelFailureOf({ kind: 'notFound' })).toBe('notCancellable');
    expect(cancelFailureOf({ kind: 'server' })).toBe('unavailable');
    expect(cancelFailureOf(new Error('offline'))).toBe('unavailable');
  });

  it('the event names the plan, the number and the cancel-flow arm, with the variation only when there is one', () => {
    expect(cancelledEvent(plan, cancellation, 4).props.cancel_flow_variation).toBe(4);
    expect(cancelledEvent(plan, cancellation, 2).props.cancel_flow_arm).toBe('holdout');
    expect(cancelledEvent(plan, cancellation, null).props).toEqual({
      plan: plan.SkuLabel,
      cancellation_number: cancellation.CancellationNumber,
      cancel_flow_arm: 'offers',
    });
    expect(cancelledReport(plan, cancellation, null)).toEqual({
      subscriptionId: 7,
      props: {
        cancellation_number: cancellation.CancellationNumber,
        sku_label: plan.SkuLabel,
        cancel_flow_arm: 'offers',
      },
    });
    expect(cancelledReport(plan, cancellation, 2).props.cancel_flow_arm).toBe('holdout');
  });
});
