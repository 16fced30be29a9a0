import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { CreatePaymentBody, UpdatePaymentMethodBody } from './schemas/payments';

const schema = schemasFrom(() => import('./schemas/payments'));

export interface TransactionFilter {
  skip?: number;
  top?: number;
  startDate?: string;
  endDate?: string;
  transactionTypes?: ('SALE' | 'RFND')[];
}

export const paymentsApi = (client: ApiClient) => ({
  create: (body: CreatePaymentBody) => client.post('payments', schema('paymentResult'), body),
  saveBillingUser: (body: {
    user_uid: string;
    first_name: string;
    last_name: string;
    zip_code?: string;
    country_cd: string;
  }) => client.post('payments/billinguser', schema('billingUser'), body),
  claimFreeResumeReview: (query: {
    userUID: string;
    isNonCancellationFlow: boolean;
    deviceType: 'Desktop' | 'Tablet' | 'Mobile';
    productCD: string;
    skuPortalID: number;
  }) => client.post('payments/free-resumereview', schema('freeReviewResult'), undefined, query),
  /** The payment method on file, with the billing name and address. */
  paymentMethod: (userId: string) => client.get(`payments/${userId}/paymentmethod`, schema('paymentMethodAnswer')),
  /** Puts a new card on file without charging it (for a suspended plan, the missed renewal is retried once). */
  updatePaymentMethod: (body: UpdatePaymentMethodBody) =>
    client.post('payments/paymentmethod', schema('paymentMethodUpdate'), body),
  alreadySubscribed: () => client.get('payments/alreadysubscribeduser', schema('alreadySubscribed')),
  transactions: (userId: string, filter: TransactionFilter = {}) =>
    client.get(`payments/${userId}/transactions`, schema('transactionPage'), {
      ...filter,
      transactionTypes: filter.transactionTypes?.join(','),
    }),
  transactionDetail: (userId: string, id: number) =>
    client.get(`payments/${userId}/${id}/detail`, schema('transaction')),
  /** The person approved a pending payment at the payment method: it goes through and its plan starts. */
  complete: (userId: string, id: number) =>
    client.post(`v2/payments/${userId}/transactions/${id}/complete`, schema('completedPayment')),
  /** The person cancelled a pending payment at the payment method: it is voided and no plan starts. */
  cancel: (userId: string, id: number) =>
    client.post(`v2/payments/${userId}/transactions/${id}/cancel`, schema('cancelledPayment')),
  freeFeatureProvided: (userId: string) =>
    client.get(`payments/${userId}/freefeatureprovided`, schema('freeFeatureProvided')),
});
