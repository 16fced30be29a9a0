/**
 * The cancellation survey machine with the app's effects: what the survey loads (the reasons and
 * their offers from the cancellation page data, the person's cancel-flow arm, the job title for
 * the heading), sending the answer, and where each end leads.
 */
import { fromPromise } from 'xstate';
import {
  cancellationSurveyMachine,
  type CancellationSurveyInput,
  type CancellationSurveyOutput,
  type SurveyAnswer,
  type SurveyData,
} from '../../../machines/cancellation-survey.machine';
import { surveyReasonList, type PostSurveyOffer, type SurveyDevice } from '../../../machines/cancellation-survey.rules';
import { cancelFlowArm, ONE_CLICK_VARIATION } from '../../../machines/pre-cancel.rules';
import type { Api } from '../../api';
import type { CancelPage, PageData } from '../../api/schemas/pages';
import type { AppNavigation } from '../../app/navigation';
import { builderEditPath } from '../../domain/documents';
import type { Destination } from '../../routing/route-target';

export interface SurveyVisitor {
  device: SurveyDevice;
  /** The person's arm of the cancel-flow experiment (cancel-flow-arm.ts). */
  cancelFlowVariation: number | null;
  /** Shuffles the reasons on desktop; injected so an order can be replayed. */
  random: () => number;
}

/**
 * What the survey needs, from the cancellation page's answer, the page data's job title and the
 * person's arm: the reasons in the order the device lists them, the one-click arm answered
 * straight into the confirmation, no offer for the holdout, and no money offer again once no
 * save offer can be redeemed.
 */
export function surveyDataFrom(
  page: CancelPage,
  latestJobTitle: PageData['LatestJobTitle'],
  visitor: SurveyVisitor,
  latestResumeId: string | null = null,
): SurveyData {
  const redeemedOffers: PostSurveyOffer[] = page.SaveOffers.some((offer) => offer.Redeemable) ? [] : ['seeOffer'];
  return {
    reasons: surveyReasonList(page.Content.reasons, visitor.device, visitor.random),
    offers: page.Content.offers,
    flowType: visitor.cancelFlowVariation === ONE_CLICK_VARIATION ? 'ConfirmationPostSelection' : 'Default',
    holdout: cancelFlowArm(visitor.cancelFlowVariation) === 'holdout',
    redeemedOffers,
    subscriptionId: page.CancellationData?.SubscriptionID ?? null,
    jobTitle: latestJobTitle,
    latestResumeId,
  };
}

export interface CancellationSurveyDeps {
  api: Pick<Api, 'pages' | 'subscriptions' | 'documents'>;
  user: { UserUID: string; PortalID: number; CountryCD: string };
  visitor: () => Omit<SurveyVisitor, 'device'>;
  navigation: AppNavigation;
  dashboardUrl: string;
  /** Reads ahead the support contact the talk-to-an-agent offer shows, so it is drawn with the offer; never fails. */
  readSupportContact: () => Promise<unknown>;
}

/**
 * Where an end of the survey leads. Talking to an agent is taken on the page itself (support's
 * telephone and e-mail are shown in the offer), so accepting it goes back to the dashboard.
 * Customising the resume opens it in the builder (the dashboard, the document home, without one).
 */
export function surveyExit(output: CancellationSurveyOutput, urls: { dashboardUrl: string }): Destination {
  switch (output.next) {
    case 'confirmCancellation':
      return { to: '/cancellation/confirm' };
    case 'dashboard':
      return { href: urls.dashboardUrl };
    case 'customizeResume':
      return {
        href:
          output.destination.kind === 'editResume'
            ? builderEditPath('RSME', output.device === 'Mobile', output.destination.documentId)
            : urls.dashboardUrl,
      };
    case 'offer':
      switch (output.offer) {
        case 'socialCard':
          return { to: '/upsell/social-card' };
        case 'seeOffer':
          return { to: '/cancellation/pre/offers' };
        case 'talkToAgent':
          return { href: urls.dashboardUrl };
      }
  }
}

export function provideCancellationSurvey(deps: CancellationSurveyDeps) {
  return cancellationSurveyMachine.provide({
    actors: {
      loadSurvey: fromPromise<SurveyData, CancellationSurveyInput>(async ({ input }) => {
        const [page, jobTitle, latestResume] = await Promise.all([
          deps.api.pages.cancel({
            userUID: input.userUid,
            visitorPortalID: deps.user.PortalID,
            countryCD: deps.user.CountryCD,
          }),
          // The job title only shapes the heading: without it the plain heading is shown.
          deps.api.pages.pageData({ userUID: input.userUid }).then(
            (data) => data.LatestJobTitle,
            () => null,
          ),
          // Only "customize my resume" opens it: without it, that offer leads to the document home.
          deps.api.documents.latestId(input.userUid, 'RSME').then(
            (latest) => latest.DocumentID,
            () => null,
          ),
          deps.readSupportContact(),
        ]);
        return surveyDataFrom(page, jobTitle, { ...deps.visitor(), device: input.device }, latestResume);
      }),
      submitAnswer: fromPromise<unknown, SurveyAnswer>(({ input }) =>
        deps.api.subscriptions.answerSurvey({
          user_uid: deps.user.UserUID,
          ...(input.subscriptionId === null ? {} : { subscription_id: input.subscriptionId }),
          reason_cd: input.reason,
          flow_type: input.flowType,
        }),
      ),
    },
    actions: {
      leaveSurvey: (_, output) => deps.navigation.go(surveyExit(output, deps)),
    },
  });
}
