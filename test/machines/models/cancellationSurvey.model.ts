import type { PathModel } from '../coverage';
import type {
  CancellationSurveyContext,
  CancellationSurveyInput,
  SurveyData,
} from '../../../machines/cancellation-survey.machine';
import { REASON } from '../../../machines/cancellation-survey.rules';

const reasons = [REASON.reallyHelpful, REASON.cantAfford, REASON.foundJob, REASON.onlyWantedResume, REASON.other].map(
  (value) => ({ value, label: `cancel.reason.${value}` }),
);
const offers = [
  { reason: REASON.reallyHelpful, offer: 'socialCard' },
  { reason: REASON.foundJob, offer: 'seeOffer' },
  { reason: REASON.onlyWantedResume, offer: 'customizeResume' },
];

export const SURVEY_WITH_OFFERS: SurveyData = {
  reasons,
  offers,
  flowType: 'Default',
  holdout: false,
  redeemedOffers: [],
  subscriptionId: 4001,
  jobTitle: 'Nurse',
  latestResumeId: 'd0c10000-0000-4000-8000-000000000003',
};

/** The answers loading may give: offers shown, and each rule that shows no offer after the answer. */
export const SURVEY_LOADS: SurveyData[] = [
  SURVEY_WITH_OFFERS,
  { ...SURVEY_WITH_OFFERS, flowType: 'ConfirmationPostSelection' },
  { ...SURVEY_WITH_OFFERS, holdout: true, jobTitle: null },
  { ...SURVEY_WITH_OFFERS, redeemedOffers: ['socialCard', 'seeOffer'] },
  // No resume: "customize my resume" leads to the document home.
  { ...SURVEY_WITH_OFFERS, latestResumeId: null },
];

export const cancellationSurveyModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003', device: 'Desktop' }] satisfies CancellationSurveyInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        ...SURVEY_LOADS.map((output) => ({ type: 'xstate.done.actor.loadSurvey', output })),
        { type: 'xstate.error.actor.loadSurvey', error: new Error('503') },
        { type: 'survey.skip' },
        { type: 'survey.returnToDashboard' },
      ];
    }
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
      { type: 'survey.select', reason: REASON.onlyWantedResume },
      { type: 'survey.select', reason: 99 },
      { type: 'survey.submit' },
      { type: 'survey.retry' },
      { type: 'survey.skip' },
      { type: 'survey.returnToDashboard' },
      { type: 'offer.accept' },
      { type: 'offer.decline' },
    ];
  },
  // The reason last chosen and the rules loaded are all the context that changes.
  serializeState: (snapshot) => {
    const {
      reason,
      flowType,
      holdout,
      redeemedOffers,
      latestResumeId,
      reasons: listed,
    } = snapshot.context as CancellationSurveyContext;
    return JSON.stringify({
      value: snapshot.value,
      reason,
      loaded: listed.length > 0,
      flowType,
      holdout,
      redeemedOffers,
      latestResumeId,
      status: snapshot.status,
    });
  },
};
