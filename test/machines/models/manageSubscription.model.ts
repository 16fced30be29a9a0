import type { PathModel } from '../coverage';
import type { ManagePlan, ManageSubscriptionInput } from '../../../machines/manage-subscription.machine';

const USER = '5eed0000-0000-4000-8000-000000000003';

const active: ManagePlan = {
  subscriptionId: 50003,
  statusCd: 'ACTV',
  planLabel: 'Monthly Access',
  formattedPrice: '$23.95',
  currencyCd: 'USD',
  nextBillingDate: '2026-12-20T00:00:00.000Z',
  isPaused: false,
  resumesOn: null,
  renewalDiscountPercent: null,
  formattedNextRenewalPrice: '$23.95',
  surveyAnswered: false,
  transactions: [{ id: 1, type: 'SALE', price: 23.95, date: '2026-11-20T00:00:00.000Z' }],
};

export const manageSubscriptionModel: PathModel = {
  inputs: [
    { userUid: USER, view: 'manage' },
    { userUid: USER, view: 'details' },
  ] satisfies ManageSubscriptionInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadPlan', output: active },
        // A pause booked, before and after the survey is answered.
        { type: 'xstate.done.actor.loadPlan', output: { ...active, resumesOn: '2027-02-20T00:00:00.000Z' } },
        {
          type: 'xstate.done.actor.loadPlan',
          output: { ...active, resumesOn: '2027-02-20T00:00:00.000Z', surveyAnswered: true },
        },
        // A plan that ended, and no plan at all.
        {
          type: 'xstate.done.actor.loadPlan',
          output: { ...active, statusCd: 'EXPR', nextBillingDate: null, transactions: [] },
        },
        { type: 'xstate.done.actor.loadPlan', output: null },
        { type: 'xstate.error.actor.loadPlan', error: new Error('503') },
      ];
    }
    if (snapshot.matches('resuming')) {
      return [
        { type: 'xstate.done.actor.resumePlan', output: {} },
        { type: 'xstate.error.actor.resumePlan', error: new Error('503') },
      ];
    }
    return [
      { type: 'manage.retry' },
      { type: 'manage.resume' },
      { type: 'manage.saveOrPause' },
      { type: 'manage.cancel' },
      { type: 'manage.details' },
      { type: 'manage.survey' },
      { type: 'manage.review' },
      { type: 'manage.settings' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { view: string; plan: ManagePlan | null; resumed: boolean };
    const plan = context.plan && {
      status: context.plan.statusCd,
      resumesOn: context.plan.resumesOn,
      survey: context.plan.surveyAnswered,
    };
    return JSON.stringify({
      value: snapshot.value,
      view: context.view,
      plan,
      resumed: context.resumed,
      status: snapshot.status,
    });
  },
};
