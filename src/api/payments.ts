import type { ApiClient } from './client';
import {
  alreadySubscribed,
  billingUser,
  cancelledPayment,
  completedPayment,
  freeFeatureProvided,
  freeReviewResult,
  paymentMethodAnswer,
  paymentMethodUpdate,
  paymentResult,
  transaction,
  transactionPage,
  type CreatePaymentBody,
  type UpdatePaymentMethodBody,
} from './schemas/payments';

export interface TransactionFilter {
  skip?: number;
  top?: number;
  startDate?: string;
  endDate?: string;
  transactionTypes?: ('SALE' | 'RFND')[];
}

export const paymentsApi = (client: ApiClient) => ({
  create: (body: CreatePaymentBody) => client.post('payments', paymentResult, body),
  saveBillingUser: (body: { user_uid: string; first_name: string; last_name: string; zip_code?: string; country_cd: string }) =>
    client.post('payments/billinguser', billingUser, body),
  claimFreeResumeReview: (query: { userUID: string; isNonCancellationFlow: boolean; deviceType: 'Desktop' | 'Tablet' | 'Mobile'; productCD: string; skuPortalID: number }) =>
    client.post('payments/free-resumereview', freeReviewResult, undefined, query),
  /** The payment method on file, with the billing name and address. */
  paymentMethod: (userId: string) => client.get(`payments/${userId}/paymentmethod`, paymentMethodAnswer),
  /** Puts a new card on file without charging it (for a suspended plan, the missed renewal is retried once). */
  updatePaymentMethod: (body: UpdatePaymentMethodBody) => client.post('payments/paymentmethod', paymentMethodUpdate, body),
  alreadySubscribed: () => client.get('payments/alreadysubscribeduser', alreadySubscribed),
  transactions: (userId: string, filter: TransactionFilter = {}) =>
    client.get(`payments/${userId}/transactions`, transactionPage, { ...filter, transactionTypes: filter.transactionTypes?.join(',') }),
  transactionDetail: (userId: string, id: number) => client.get(`payments/${userId}/${id}/detail`, transaction),
  /** The person approved a pending payment at the payment method: it goes through and its plan starts. */
  complete: (userId: string, id: number) => client.post(`v2/payments/${userId}/transactions/${id}/complete`, completedPayment),
  /** The person cancelled a pending payment at the payment method: it is voided and no plan starts. */
  cancel: (userId: string, id: number) => client.post(`v2/payments/${userId}/transactions/${id}/cancel`, cancelledPayment),
  freeFeatureProvided: (userId: string) => client.get(`payments/${userId}/freefeatureprovided`, freeFeatureProvided),
});
