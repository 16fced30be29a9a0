/**
 * The final offer: the last step before the confirmation, for a person in the default
 * cancel-flow arm who declined the earlier offers. It offers one month's pause, when the plan
 * may book it; the holdout is offered nothing.
 */
export const FINAL_OFFER_PAUSE_MONTHS = 1;

/** Whether the final offer shows the pause: not in the holdout, and only a length the plan may book. */
export const offersFinalPause = (pause: { Available: boolean; Months: readonly number[] }, holdout: boolean): boolean =>
  !holdout && pause.Available && pause.Months.includes(FINAL_OFFER_PAUSE_MONTHS);
