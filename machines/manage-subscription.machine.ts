import { assign, fromPromise, setup } from 'xstate';
import { detailsCategory, isManageable, pauseBooked, type DetailsCategory } from './manage-subscription.rules';

/** The manage page, or its details page: the same plan, other ways on. */
export type ManageView = 'manage' | 'details';

export interface ManageSubscriptionInput {
  userUid: string;
  view: ManageView;
}

export interface ManageTransaction {
  id: number;
  type: string;
  price: number;
  date: string;
}

/** The current plan as the pages show it; null when the person has none. */
export interface ManagePlan {
  subscriptionId: number;
  statusCd: string;
  planLabel: string;
  formattedPrice: string;
  currencyCd: string;
  nextBillingDate: string | null;
  isPaused: boolean;
  resumesOn: string | null;
  renewalDiscountPercent: number | null;
  formattedNextRenewalPrice: string;
  surveyAnswered: boolean;
  transactions: readonly ManageTransaction[];
}

export interface ManageSubscriptionContext extends ManageSubscriptionInput {
  plan: ManagePlan | null;
  /** Whether a pause was just ended here, for the polite status. */
  resumed: boolean;
}

export type ManageSubscriptionEvent =
  | { type: 'manage.retry' }
  | { type: 'manage.resume' }
  | { type: 'manage.saveOrPause' }
  | { type: 'manage.cancel' }
  | { type: 'manage.details' }
  | { type: 'manage.survey' }
  | { type: 'manage.review' }
  | { type: 'manage.settings' };

export type ManageSubscriptionOutput = { next: 'offers' | 'cancel' | 'details' | 'survey' | 'review' | 'settings' };

const manageSubscription = setup({
  types: {
    input: {} as ManageSubscriptionInput,
    context: {} as ManageSubscriptionContext,
    events: {} as ManageSubscriptionEvent,
    output: {} as ManageSubscriptionOutput,
  },
  actors: {
    loadPlan: fromPromise<ManagePlan | null, { userUid: string }>(async () => {
      throw new Error('loadPlan is provided by the app');
    }),
    resumePlan: fromPromise<unknown, { subscriptionId: number }>(async () => {
      throw new Error('resumePlan is provided by the app');
    }),
  },
  guards: {
    notManageable: (_, params: { plan: ManagePlan | null }) => !isManageable(params.plan?.statusCd),
    pauseBooked: ({ context }) => context.plan !== null && pauseBooked(context.plan),
    onManage: ({ context }) => context.view === 'manage',
    inCategory: ({ context }, params: { category: DetailsCategory }) =>
      context.view === 'details' &&
      context.plan !== null &&
      detailsCategory(context.plan.surveyAnswered) === params.category,
    offersSaving: ({ context }) =>
      context.view === 'manage' ||
      (context.plan !== null && detailsCategory(context.plan.surveyAnswered) === 'reviewAndRetention'),
  },
  actions: {
    /** Carries the person where the page's end leads; provided by the app. */
    leaveManage: (_, _params: ManageSubscriptionOutput) => {},
    rememberPlan: assign((_, params: { plan: ManagePlan | null }) => ({ plan: params.plan })),
  },
});

const ending = (next: ManageSubscriptionOutput['next']) => ({
  type: 'final' as const,
  entry: { type: 'leaveManage' as const, params: { next } },
  output: { next },
});

const loaded = ({ event }: { event: { output: ManagePlan | null } }) => ({ plan: event.output });
const rememberPlan = { type: 'rememberPlan', params: loaded } as const;
const settings = { target: '#manageSubscription.toSettings' } as const;

/** The ways on from a shown plan: the same after a failed resume. */
const waysOn = {
  'manage.resume': { guard: 'pauseBooked', target: '#manageSubscription.resuming' },
  'manage.saveOrPause': { guard: 'offersSaving', target: '#manageSubscription.toOffers' },
  'manage.cancel': { guard: 'onManage', target: '#manageSubscription.toCancel' },
  'manage.details': { guard: 'onManage', target: '#manageSubscription.toDetails' },
  'manage.survey': {
    guard: { type: 'inCategory', params: { category: 'benefitsAndSurvey' } },
    target: '#manageSubscription.toSurvey',
  },
  'manage.review': {
    guard: { type: 'inCategory', params: { category: 'reviewAndRetention' } },
    target: '#manageSubscription.toReview',
  },
  'manage.settings': settings,
} as const;

/**
 * Manage subscription and its details page, for active plans only: the plan with its next
 * payment (or the day billing resumes after a pause), ending a booked pause now, and the ways
 * on. The manage view leads to the save offers, the cancellation, the details and my settings;
 * the details view shows one of two categories (manage-subscription.rules.ts) and the plan's
 * transactions.
 */
export const manageSubscriptionMachine = manageSubscription.createMachine({
  id: 'manageSubscription',
  context: ({ input }) => ({ ...input, plan: null, resumed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: [
          { guard: { type: 'notManageable', params: loaded }, target: 'notActive', actions: rememberPlan },
          { target: 'showing', actions: rememberPlan },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'manage.retry': { target: 'loading' }, 'manage.settings': settings },
    },
    notActive: {
      on: { 'manage.settings': settings },
    },
    showing: { on: waysOn },
    resuming: {
      tags: ['busy'],
      invoke: {
        id: 'resumePlan',
        src: 'resumePlan',
        input: ({ context }) => ({ subscriptionId: context.plan!.subscriptionId }),
        onDone: { target: 'loading', actions: assign({ resumed: true }) },
        onError: { target: 'resumeFailed' },
      },
    },
    resumeFailed: { on: waysOn },
    toOffers: ending('offers'),
    toCancel: ending('cancel'),
    toDetails: ending('details'),
    toSurvey: ending('survey'),
    toReview: ending('review'),
    toSettings: ending('settings'),
  },
  output: ({ event }) => event.output as ManageSubscriptionOutput,
});
