/**
 * The service intake machine with the app's effects: the intake read and the answers sent
 * through the API, and where the page's ends lead (checkout for a service not bought yet, the
 * dashboard otherwise).
 */
import { fromPromise } from 'xstate';
import {
  serviceIntakeMachine,
  type IntakeRecord,
  type LoadIntakeInput,
  type ServiceIntakeOutput,
  type SubmitIntakeInput,
} from '../../../machines/service-intake.machine';
import { normalizedAnswers } from '../../../machines/service-intake.rules';
import { serviceKindOf, SERVICE_PRODUCT, type ServiceKind } from '../../../machines/service-products.rules';
import type { Api } from '../../api';
import type { IntakeState, ServiceCode } from '../../api/schemas/services';
import type { AppNavigation } from '../../app/navigation';
import { checkoutRoute, type RouteId } from '../../routing/route-table';
import type { Destination } from '../../routing/route-target';

/** The service each intake route opens by default. */
const SERVICE_OF_ROUTE: Partial<Record<RouteId, ServiceKind>> = {
  resumeReview: 'resumeReview',
  availResumeReview: 'resumeReview',
  resumeTuneup: 'tuneUp',
  resumeWriting: 'resumeWriting',
  coverLetterWriting: 'coverLetterWriting',
};

/** The intake page is chosen by product id: a service named in the address (`productid`) wins over the route's own. */
export function intakeServiceFor(routeId: RouteId | undefined, productId: string | null): ServiceKind {
  return serviceKindOf(productId) ?? (routeId ? SERVICE_OF_ROUTE[routeId] : undefined) ?? 'resumeReview';
}

const serviceCode = (kind: ServiceKind) => SERVICE_PRODUCT[kind] as ServiceCode;

export const intakeRecordOf = (state: IntakeState): IntakeRecord => ({
  status: state.Status,
  orderId: state.OrderID,
  answers: state.Answers,
  answeredAt: state.AnsweredAt,
  skuId: state.SkuID,
  formattedPrice: state.FormattedPrice,
});

export function intakeExit(output: ServiceIntakeOutput, urls: { dashboardUrl: string; mobile: boolean }): Destination {
  return output.next === 'checkout'
    ? { to: checkoutRoute(true, urls.mobile), search: { skuid: output.skuId } }
    : { href: urls.dashboardUrl };
}

export interface ServiceIntakeDeps {
  api: Pick<Api, 'services'>;
  userUid: string;
  navigation: AppNavigation;
  dashboardUrl: string;
  mobile: boolean;
}

export function provideServiceIntake(deps: ServiceIntakeDeps) {
  return serviceIntakeMachine.provide({
    actors: {
      loadIntake: fromPromise<IntakeRecord, LoadIntakeInput>(async ({ input }) =>
        intakeRecordOf(await deps.api.services.intake(deps.userUid, serviceCode(input.service), input.orderId)),
      ),
      submitIntake: fromPromise<IntakeRecord, SubmitIntakeInput>(async ({ input }) =>
        intakeRecordOf(
          await deps.api.services.submitIntake(deps.userUid, {
            service: serviceCode(input.service),
            order_id: input.orderId,
            answers: normalizedAnswers(input.service, input.answers),
          }),
        ),
      ),
    },
    actions: {
      leaveIntake: (_, output) => deps.navigation.go(intakeExit(output, deps)),
    },
  });
}
