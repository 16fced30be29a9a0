/**
 * The rating asked for after a cancellation: one to five stars and an optional comment.
 *
 * What is recorded: the event `cancellation rated` with the stars and the comment's length
 * only. The comment is free text a person may fill with their name, e-mail or reasons about
 * their job search, so its words never go to analytics; its length says whether people write
 * at all. The comment stays in the page (kept for a retry) and is dropped with it.
 */
export const CANCELLATION_RATED_EVENT = 'cancellation rated';

/** The longest comment the field takes, in characters. */
export const RATING_COMMENT_MAX = 1000;

export const RATING_STARS = [1, 2, 3, 4, 5] as const;

export const isRatingStars = (stars: number): boolean =>
  Number.isInteger(stars) && stars >= 1 && stars <= RATING_STARS.length;

/** The comment as kept: never longer than the field allows. */
export const boundedComment = (text: string): string => text.slice(0, RATING_COMMENT_MAX);

export interface RatedEvent {
  eventName: typeof CANCELLATION_RATED_EVENT;
  props: { rating: number; comment_length: number };
}

/** The analytics event for a rating: the stars and the length of the (trimmed) comment, never its text. */
export const ratedEvent = (rating: number, comment: string): RatedEvent => ({
  eventName: CANCELLATION_RATED_EVENT,
  props: { rating, comment_length: boundedComment(comment).trim().length },
});
