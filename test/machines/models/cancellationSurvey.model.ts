import type { PathModel } from '../coverage';
import type { CancellationSurveyInput } from '../../../machines/cancellation-survey.machine';
import { REASON } from '../../../machines/cancellation-survey.rules';

const reasons = [REASON.reallyHelpful, REASON.cantAfford, REASON.foundJob, REASON.other].map((value) => ({ value, label: `cancel.reason.${value}` }));
const offers = [
  { reason: REASON.reallyHelpful, offer: 'socialCard' },
  { reason: REASON.foundJob, offer: 'seeOffer' },
];

const withOffers: CancellationSurveyInput = { reasons, offers, flowType: 'Default', holdout: false, redeemedOffers: [], subscriptionId: 4001 };

export const cancellationSurveyModel: PathModel = {
  inputs: [
    withOffers,
    // Each rule that shows no offer after the answer.
    { ...withOffers, flowType: 'ConfirmationPostSelection' },
    { ...withOffers, holdout: true },
    { ...withOffers, redeemedOffers: ['socialCard', 'seeOffer'] },
  ] satisfies CancellationSurveyInput[],
  events: (snapshot) => {
    if (snapshot.matches('submitting')) {
      return [
        { type: 'xstate.done.actor.submitAnswer', output: { SurveyID: 1 } },
        { type: 'xstate.error.actor.submitAnswer', error: new Error('503') },
        { type: 'survey.returnToDashboard' },
      ];
    }
    return [
      // A reason with an offer, one without, and one the list does not hold.
      { type: 'survey.select', reason: REASON.reallyHelpful },
      { type: 'survey.select', reason: REASON.cantAfford },
      { type: 'survey.select', reason: 99 },
      { type: 'survey.submit' },
      { type: 'survey.retry' },
      { type: 'survey.skip' },
      { type: 'survey.returnToDashboard' },
      { type: 'offer.accept' },
      { type: 'offer.decline' },
    ];
  },
  // The reason last chosen is all the context that changes; the chosen reason names the state.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, reason: (snapshot.context as { reason: number | null }).reason, status: snapshot.status }),
};
