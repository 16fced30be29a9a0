import type { PathModel } from '../coverage';
import type { CancellationRatingInput } from '../../../machines/cancellation-rating.machine';

export const cancellationRatingModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003' }] satisfies CancellationRatingInput[],
  events: (snapshot) => {
    if (snapshot.matches('sending')) {
      return [
        { type: 'xstate.done.actor.sendRating', output: { id: 1 } },
        { type: 'xstate.error.actor.sendRating', error: new Error('503') },
      ];
    }
    return [
      { type: 'rating.choose', rating: 4 },
      { type: 'rating.choose', rating: 2 },
      // Not a number of stars the page offers.
      { type: 'rating.choose', rating: 6 },
      { type: 'rating.comment', comment: 'Too expensive for me right now.' },
      { type: 'rating.submit' },
      { type: 'rating.retry' },
      { type: 'rating.skip' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { rating: number | null; comment: string };
    return JSON.stringify({
      value: snapshot.value,
      rating: context.rating,
      commented: context.comment !== '',
      status: snapshot.status,
    });
  },
};
