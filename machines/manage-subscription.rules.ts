/**
 * The manage-subscription rules, kept pure so the tables in the tests can pin them.
 *
 * Who may manage: only a plan whose status is active (ACTV). Anyone else (no plan, a plan that
 * ended or was cancelled) is shown the page's "for active plans" state with the way back to my
 * settings.
 *
 * Which category the details page shows is read from the plan's own record:
 * - the cancellation survey not answered yet → "additional benefits and survey": what the plan
 *   gives, and the way to the survey (there is still something to learn from the person);
 * - the survey answered → "review and retention features": the free resume review and the
 *   save offers (the reason is known, so what is left is to keep them).
 */
export const ACTIVE_STATUS = 'ACTV';

export type DetailsCategory = 'benefitsAndSurvey' | 'reviewAndRetention';

export const isManageable = (statusCd: string | null | undefined): boolean => statusCd === ACTIVE_STATUS;

export const detailsCategory = (surveyAnswered: boolean): DetailsCategory =>
  surveyAnswered ? 'reviewAndRetention' : 'benefitsAndSurvey';

/** A pause is booked (now running or still to start) while the plan has a day billing resumes. */
export const pauseBooked = (plan: { resumesOn: string | null; isPaused: boolean }): boolean =>
  plan.isPaused || plan.resumesOn !== null;
