import type { ApiClient } from './client';
import { intakeState, type IntakeBody, type ServiceCode } from './schemas/services';

/** The intakes of the services a person bought. */
export const servicesApi = (client: ApiClient) => ({
  intake: (userId: string, service: ServiceCode, orderId: number | null) =>
    client.get(`services/${userId}/intake`, intakeState, orderId === null ? { service } : { service, orderid: orderId }),
  /** Stores the answers once; sending again answers the first answers. */
  submitIntake: (userId: string, body: IntakeBody) => client.post(`services/${userId}/intake`, intakeState, body),
});
