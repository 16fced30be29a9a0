import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { IntakeBody, ServiceCode } from './schemas/services';

const schema = schemasFrom(() => import('./schemas/services'));

/** The intakes of the services a person bought. */
export const servicesApi = (client: ApiClient) => ({
  intake: (userId: string, service: ServiceCode, orderId: number | null) =>
    client.get(
      `services/${userId}/intake`,
      schema('intakeState'),
      orderId === null ? { service } : { service, orderid: orderId },
    ),
  /** Stores the answers once; sending again answers the first answers. */
  submitIntake: (userId: string, body: IntakeBody) =>
    client.post(`services/${userId}/intake`, schema('intakeState'), body),
});
