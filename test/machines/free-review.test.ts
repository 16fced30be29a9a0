import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { freeReviewMachine, type FreeReviewFacts } from '../../machines/free-review.machine';
import { freeReviewStep, type FreeReviewRecord } from '../../machines/free-review.rules';

const record = (is_intake_filled: boolean, is_pending: boolean, available_free: number): FreeReviewRecord => ({
  is_intake_filled,
  is_pending,
  available_free,
});

describe('the step of the free review', () => {
  it.each([
    // record, has a resume, step
    [record(false, false, 1), true, 'offer'],
    [record(false, false, 1), false, 'offer'],
    [record(true, true, 0), true, 'inReview'],
    [record(true, false, 0), true, 'reviewReady'],
    // Filled intake wins over a free review still available.
    [record(true, false, 2), true, 'reviewReady'],
    [record(false, true, 0), true, 'customizeResume'],
    [record(false, false, 0), true, 'customizeResume'],
    [null, true, 'customizeResume'],
    [record(false, false, 0), false, 'none'],
    [null, false, 'none'],
  ] as const)('%j with a resume %s: %s', (given, hasResume, step) => {
    expect(freeReviewStep(given, hasResume)).toBe(step);
  });
});

function freeReview(loads: (() => Promise<FreeReviewFacts>)[], claims: (() => Promise<FreeReviewRecord>)[] = []) {
  const asked: string[] = [];
  const actor = createActor(
    freeReviewMachine.provide({
      actors: {
        loadFreeReview: fromPromise<FreeReviewFacts, { userUid: string }>(async ({ input }) => {
          asked.push(`load ${input.userUid}`);
          return loads.shift()!();
        }),
        claimFreeReview: fromPromise<FreeReviewRecord, { userUid: string }>(async ({ input }) => {
          asked.push(`claim ${input.userUid}`);
          return claims.shift()!();
        }),
      },
    }),
    { input: { userUid: 'u-2' } },
  ).start();
  return { actor, asked };
}

describe('the free review in the cancel funnel', () => {
  it('offers the free review; claiming it leads to the intake, with the review now pending', async () => {
    const { actor, asked } = freeReview(
      [async () => ({ record: record(false, false, 1), hasResume: true })],
      [async () => record(false, true, 0)],
    );
    await waitFor(actor, (s) => s.matches('offer'));
    actor.send({ type: 'review.claim' });
    actor.send({ type: 'review.claim' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ next: 'intake' });
    expect(asked).toEqual(['load u-2', 'claim u-2']);
  });

  it('a failed claim can be tried again, and a failed load retried', async () => {
    const { actor } = freeReview(
      [() => Promise.reject(new Error('503')), async () => ({ record: record(false, false, 1), hasResume: true })],
      [() => Promise.reject(new Error('409')), async () => record(false, true, 0)],
    );
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'review.retry' });
    await waitFor(actor, (s) => s.matches('offer'));
    actor.send({ type: 'review.claim' });
    await waitFor(actor, (s) => s.matches('claimFailed'));
    actor.send({ type: 'review.claim' });
    expect((await waitFor(actor, (s) => s.status === 'done')).output).toEqual({ next: 'intake' });
  });

  it.each([
    [record(true, true, 0), true, 'inReview', 'waitForReview'],
    [record(true, false, 0), true, 'reviewReady', 'review'],
    [null, true, 'customizeResume', 'documentHome'],
  ] as const)('%j: shows %s, whose action leads to %s', async (given, hasResume, step, next) => {
    const { actor } = freeReview([async () => ({ record: given, hasResume })]);
    await waitFor(actor, (s) => s.matches(step));
    actor.send({ type: 'review.go' });
    expect(actor.getSnapshot().output).toEqual({ next });
  });

  it('with nothing to show, the cancellation goes on at once; from any step it is one move', async () => {
    const { actor } = freeReview([async () => ({ record: null, hasResume: false })]);
    expect((await waitFor(actor, (s) => s.status === 'done')).output).toEqual({ next: 'continueCancelling' });
    const other = freeReview([async () => ({ record: record(true, false, 0), hasResume: true })]).actor;
    await waitFor(other, (s) => s.matches('reviewReady'));
    other.send({ type: 'review.skip' });
    expect(other.getSnapshot().output).toEqual({ next: 'continueCancelling' });
  });
});
