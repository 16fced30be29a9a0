/**
 * The free review machine with the app's effects: whether the free resume review applies to the
 * person (its feature flag and the market's rule), their free review record and whether they
 * have a resume, claiming the free review, and where each end of the page leads.
 */
import { fromPromise } from 'xstate';
import { freeReviewMachine, type FreeReviewFacts, type FreeReviewOutput } from '../../../machines/free-review.machine';
import type { FreeReviewRecord } from '../../../machines/free-review.rules';
import type { Api } from '../../api';
import type { ConfigFeatures } from '../../api/schemas/pages';
import type { FreeFeatureProvided } from '../../api/schemas/payments';
import type { AppNavigation } from '../../app/navigation';
import { resolveConfigBlock, type DeviceType, type VisitorContext } from '../../domain/eligibility';
import { RESUME_REVIEW_PRODUCT } from '../../domain/post-payment-destination';
import type { Destination } from '../../routing/route-target';

const FREE_REVIEW_FLAG = 'FRRC';
const FREE_REVIEW_FEATURE = 'freeResumeReview';

/** Whether the funnel offers the free review at all: its flag is on and the Cancellation rule admits the person. */
export function freeReviewApplies(config: ConfigFeatures, visitor: VisitorContext): boolean {
  if (!(config.Flags.find((f) => f.FeatureCD === FREE_REVIEW_FLAG)?.IsActive ?? false)) return false;
  const entry = config.Features.find((f) => f.FeatureCD === FREE_REVIEW_FEATURE);
  return entry ? resolveConfigBlock(entry.Config, entry.Rule, visitor).shown : false;
}

/** What the page's step is read from: the free review record and whether a resume exists. */
export function freeReviewFactsFrom(
  provided: Pick<FreeFeatureProvided, 'FreeReview'>,
  latestResumeId: string | null,
): FreeReviewFacts {
  return { record: provided.FreeReview, hasResume: latestResumeId !== null };
}

/** Nothing to show: the rule's `none`, so the cancellation goes on. */
export const NO_FREE_REVIEW: FreeReviewFacts = { record: null, hasResume: false };

/** Where an end of the page leads. */
export function freeReviewExit(output: FreeReviewOutput, urls: { dashboardUrl: string }): Destination {
  switch (output.next) {
    case 'intake':
    case 'review':
      // The resume review page: its intake while the order waits for one, the review once it is back.
      return { to: '/resume-review' };
    case 'waitForReview':
    case 'documentHome':
      return { href: urls.dashboardUrl };
    case 'continueCancelling':
      // The last offer before the confirmation; it passes on by itself when it has nothing to offer.
      return { to: '/cancellation/final-offer' };
  }
}

export interface FreeReviewDeps {
  api: Pick<Api, 'config' | 'payments' | 'documents'>;
  user: { UserUID: string; PortalID: number };
  visitor: () => VisitorContext & { device: DeviceType };
  navigation: AppNavigation;
  dashboardUrl: string;
}

export function provideFreeReview(deps: FreeReviewDeps) {
  return freeReviewMachine.provide({
    actors: {
      loadFreeReview: fromPromise<FreeReviewFacts, { userUid: string }>(async ({ input }) => {
        if (!freeReviewApplies(await deps.api.config.features('Cancellation'), deps.visitor())) return NO_FREE_REVIEW;
        const [provided, latest] = await Promise.all([
          deps.api.payments.freeFeatureProvided(input.userUid),
          deps.api.documents.latestId(input.userUid, 'RSME'),
        ]);
        return freeReviewFactsFrom(provided, latest.DocumentID);
      }),
      claimFreeReview: fromPromise<FreeReviewRecord, { userUid: string }>(async ({ input }) => {
        const claimed = await deps.api.payments.claimFreeResumeReview({
          userUID: input.userUid,
          isNonCancellationFlow: false,
          deviceType: deps.visitor().device,
          productCD: RESUME_REVIEW_PRODUCT,
          skuPortalID: deps.user.PortalID,
        });
        return {
          is_intake_filled: claimed.is_intake_filled,
          is_pending: claimed.is_pending,
          available_free: claimed.available_free,
        };
      }),
    },
    actions: {
      // Passing through (nothing to show) replaces this page in the history, so going back does not bounce.
      leaveFreeReview: ({ context }, output) =>
        deps.navigation.go(freeReviewExit(output, deps), {
          replace: output.next === 'continueCancelling' && context.record === null && !context.hasResume,
        }),
    },
  });
}
