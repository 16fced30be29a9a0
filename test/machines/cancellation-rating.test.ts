import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cancellationRatingMachine } from '../../machines/cancellation-rating.machine';
import {
  boundedComment,
  CANCELLATION_RATED_EVENT,
  isRatingStars,
  RATING_COMMENT_MAX,
  ratedEvent,
} from '../../machines/cancellation-rating.rules';
import { provideCancellationRating } from '../../src/features/cancellation/cancellation-rating-effects';

describe('cancellation rating rules', () => {
  it.each([
    [1, true],
    [5, true],
    [0, false],
    [6, false],
    [2.5, false],
    [Number.NaN, false],
  ])('%s stars is a rating: %s', (stars, valid) => {
    expect(isRatingStars(stars)).toBe(valid);
  });

  it('bounds the comment to the field’s length', () => {
    expect(boundedComment('x'.repeat(RATING_COMMENT_MAX + 50))).toHaveLength(RATING_COMMENT_MAX);
    expect(boundedComment('short')).toBe('short');
  });

  it('records the stars and the comment’s length, never its words', () => {
    const event = ratedEvent(4, '  Call me at 555-0100, Jane Doe  ');
    expect(event).toEqual({
      eventName: CANCELLATION_RATED_EVENT,
      props: { rating: 4, comment_length: 'Call me at 555-0100, Jane Doe'.length },
    });
    expect(JSON.stringify(event)).not.toContain('Jane');
    expect(ratedEvent(1, '').props.comment_length).toBe(0);
  });
});

function start(sends: (() => Promise<unknown>)[] = []) {
  const sent: { rating: number; comment: string }[] = [];
  const left: string[] = [];
  const machine = cancellationRatingMachine.provide({
    actors: {
      sendRating: fromPromise(async ({ input }: { input: { rating: number; comment: string } }) => {
        sent.push(input);
        return (sends.shift() ?? (async () => ({ id: 1 })))();
      }),
    },
    actions: { leaveRating: () => left.push('dashboard') },
  });
  return { actor: createActor(machine, { input: { userUid: 'u-1' } }).start(), sent, left };
}

describe('cancellationRating machine', () => {
  it('sends only once stars are chosen, then thanks', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'rating.comment', comment: 'Fine' });
    actor.send({ type: 'rating.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'rating.choose', rating: 9 });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'rating.choose', rating: 5 });
    actor.send({ type: 'rating.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ rated: true });
    expect(sent).toEqual([{ rating: 5, comment: 'Fine' }]);
  });

  it('a failed send keeps the stars and the comment for the retry', async () => {
    const { actor, sent } = start([async () => Promise.reject(new Error('503'))]);
    actor.send({ type: 'rating.choose', rating: 2 });
    actor.send({ type: 'rating.comment', comment: 'Too dear' });
    actor.send({ type: 'rating.submit' });
    const failed = await waitFor(actor, (s) => s.matches('sendFailed'));
    expect(failed.context).toMatchObject({ rating: 2, comment: 'Too dear' });
    actor.send({ type: 'rating.retry' });
    await waitFor(actor, (s) => s.matches('thanked'));
    expect(sent).toEqual([
      { rating: 2, comment: 'Too dear' },
      { rating: 2, comment: 'Too dear' },
    ]);
  });

  it('skipping is one move before and after choosing, and after a failure', async () => {
    for (const steps of [[], [{ type: 'rating.choose', rating: 3 }]] as const) {
      const { actor, left, sent } = start();
      for (const step of steps) actor.send(step);
      actor.send({ type: 'rating.skip' });
      expect(actor.getSnapshot().output).toEqual({ rated: false });
      expect(left).toEqual(['dashboard']);
      expect(sent).toEqual([]);
    }
    const { actor, left } = start([async () => Promise.reject(new Error('503'))]);
    actor.send({ type: 'rating.choose', rating: 3 });
    actor.send({ type: 'rating.submit' });
    await waitFor(actor, (s) => s.matches('sendFailed'));
    actor.send({ type: 'rating.skip' });
    expect(left).toEqual(['dashboard']);
  });
});

describe('the rating’s effects', () => {
  it('posts the event with the stars and the comment’s length, only with analytics consent', async () => {
    const posted: unknown[] = [];
    const api = { events: { send: async (body: unknown) => (posted.push(body), { id: 1 }) } } as never;
    for (const consent of [true, false]) {
      const actor = createActor(provideCancellationRating({ api, userUid: 'u-1', consentGiven: () => consent }), {
        input: { userUid: 'u-1' },
      }).start();
      actor.send({ type: 'rating.choose', rating: 4 });
      actor.send({ type: 'rating.comment', comment: 'My e-mail is a@b.example' });
      actor.send({ type: 'rating.submit' });
      await waitFor(actor, (s) => s.matches('thanked'));
    }
    expect(posted).toEqual([
      { user_id: 'u-1', event_name: 'cancellation rated', props: { rating: 4, comment_length: 24 } },
    ]);
  });
});
