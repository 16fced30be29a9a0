/**
 * The rating machine with the app's effects: the rating goes to the events API as
 * `cancellation rated` (the stars and the comment's length, never its words; see
 * machines/cancellation-rating.rules.ts), and only with analytics consent. It is sent at once
 * rather than queued, so a failure shows and the person may try again.
 */
import { fromPromise } from 'xstate';
import { cancellationRatingMachine } from '../../../machines/cancellation-rating.machine';
import { ratedEvent } from '../../../machines/cancellation-rating.rules';
import type { Api } from '../../api';

export interface CancellationRatingDeps {
  api: Pick<Api, 'events'>;
  userUid: string;
  /** Whether the person allowed analytics; without it nothing is sent and the page still thanks. */
  consentGiven: () => boolean;
}

export function provideCancellationRating(deps: CancellationRatingDeps) {
  return cancellationRatingMachine.provide({
    actors: {
      sendRating: fromPromise<unknown, { rating: number; comment: string }>(async ({ input }) => {
        if (!deps.consentGiven()) return 'skipped';
        const event = ratedEvent(input.rating, input.comment);
        return deps.api.events.send({ user_id: deps.userUid, event_name: event.eventName, props: event.props });
      }),
    },
  });
}
