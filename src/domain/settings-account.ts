import type { SettingsAccount } from '../../machines/my-settings.rules';
import type { PaymentMethodAnswer } from '../api/schemas/payments';
import type { SubscriptionList } from '../api/schemas/subscriptions';

/** The reads of my settings' account, shaped as the app's API client has them. */
export interface SettingsAccountReads {
  subscriptions: { list(userUID: string, isCurrentOnly?: boolean): Promise<SubscriptionList> };
  payments: { paymentMethod(userId: string): Promise<PaymentMethodAnswer> };
}

/** The current plan and the payment method on file, read together. */
export async function loadSettingsAccount(api: SettingsAccountReads, userUid: string): Promise<SettingsAccount> {
  const [plans, method] = await Promise.all([
    api.subscriptions.list(userUid, true),
    api.payments.paymentMethod(userUid),
  ]);
  return { plan: plans.Subscriptions[0] ?? null, paymentMethod: method.PaymentMethod };
}
