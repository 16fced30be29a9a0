import type { PathModel } from '../coverage';
import type { IntakeRecord, ServiceIntakeInput } from '../../../machines/service-intake.machine';

const answers = {
  targetJobTitle: 'Product designer',
  yearsExperience: null,
  industry: '',
  companyName: '',
  comments: '',
};
const awaiting: IntakeRecord = {
  status: 'awaitingAnswers',
  orderId: 700100,
  answers: null,
  answeredAt: null,
  skuId: 120,
  formattedPrice: '$19.95',
};
export const intakeRecords = {
  awaiting,
  answered: { ...awaiting, status: 'answered', answers, answeredAt: '2026-11-25T12:00:00.000Z' } satisfies IntakeRecord,
  notPurchased: { ...awaiting, status: 'notPurchased', orderId: null } satisfies IntakeRecord,
};
/** What the API client throws for a 400 naming a field, and for an outage. */
export const refused = { kind: 'rejected', status: 400, fields: { 'answers.targetJobTitle': 'tooShort' } };
export const outage = { kind: 'server', status: 503, fields: {} };

export const serviceIntakeModel: PathModel = {
  // Reached at the end of the upsell sequence (the form may be left for later), and from anywhere else.
  inputs: [
    { userUid: '5eed0000-0000-4000-8000-000000000001', service: 'resumeReview', orderId: 700100, fromUpsells: true },
    { userUid: '5eed0000-0000-4000-8000-000000000001', service: 'resumeReview', orderId: 700100, fromUpsells: false },
  ] satisfies ServiceIntakeInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadIntake', output: intakeRecords.awaiting },
        { type: 'xstate.done.actor.loadIntake', output: intakeRecords.answered },
        { type: 'xstate.done.actor.loadIntake', output: intakeRecords.notPurchased },
        { type: 'xstate.error.actor.loadIntake', error: outage },
      ];
    }
    if (snapshot.matches('submitting')) {
      return [
        { type: 'xstate.done.actor.submitIntake', output: intakeRecords.answered },
        { type: 'xstate.error.actor.submitIntake', error: refused },
        { type: 'xstate.error.actor.submitIntake', error: outage },
      ];
    }
    return [
      { type: 'intake.change', field: 'targetJobTitle', value: 'Product designer' },
      { type: 'intake.change', field: 'targetJobTitle', value: '' },
      { type: 'intake.submit' },
      { type: 'intake.retry' },
      { type: 'intake.buy' },
      { type: 'intake.dashboard' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as {
      draft: { targetJobTitle: string };
      errors: object;
      record: IntakeRecord | null;
      sendFailure: { kind: string } | null;
    };
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      title: context.draft.targetJobTitle,
      errors: Object.keys(context.errors),
      record: context.record?.status ?? null,
      fromUpsells: (snapshot.context as { fromUpsells: boolean }).fromUpsells,
      failure: context.sendFailure?.kind ?? null,
    });
  },
};
