import type { PathModel } from '../coverage';
import type { FreeReviewFacts } from '../../../machines/free-review.machine';

const facts = (record: FreeReviewFacts['record'], hasResume = true): FreeReviewFacts => ({ record, hasResume });

export const freeReviewModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000002' }],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        {
          type: 'xstate.done.actor.loadFreeReview',
          output: facts({ is_intake_filled: false, is_pending: false, available_free: 1 }),
        },
        {
          type: 'xstate.done.actor.loadFreeReview',
          output: facts({ is_intake_filled: true, is_pending: true, available_free: 0 }),
        },
        {
          type: 'xstate.done.actor.loadFreeReview',
          output: facts({ is_intake_filled: true, is_pending: false, available_free: 0 }),
        },
        { type: 'xstate.done.actor.loadFreeReview', output: facts(null) },
        { type: 'xstate.done.actor.loadFreeReview', output: facts(null, false) },
        { type: 'xstate.error.actor.loadFreeReview', error: new Error('503') },
      ];
    }
    if (snapshot.matches('claiming')) {
      return [
        {
          type: 'xstate.done.actor.claimFreeReview',
          output: { is_intake_filled: false, is_pending: true, available_free: 0 },
        },
        { type: 'xstate.error.actor.claimFreeReview', error: new Error('409') },
        { type: 'review.skip' },
      ];
    }
    return [{ type: 'review.retry' }, { type: 'review.claim' }, { type: 'review.go' }, { type: 'review.skip' }];
  },
};
