/**
 * The account's effects, supplied to its machines: my settings' account (plan and payment
 * method on file), and the change payment method page's load and save.
 */
import type { PaymentMethodAccount, SaveCardInput } from '../../../machines/payment-method.machine';
import type { CardUpdateResult } from '../../../machines/payment-method.rules';
import type { Api } from '../../api';

/** The texts of my settings' account parts, change payment method and the billing problem (`locales/<culture>/account.json`). */
export const ACCOUNT_NAMESPACE = 'account';

export { loadSettingsAccount } from '../../domain/settings-account';

/** The plan, the method on file and the billing name and address on file. */
export async function loadPaymentMethodAccount(api: Api, userUid: string): Promise<PaymentMethodAccount> {
  const [plans, method] = await Promise.all([
    api.subscriptions.list(userUid, true),
    api.payments.paymentMethod(userUid),
  ]);
  const billing = method.BillingUser;
  return {
    plan: plans.Subscriptions[0] ?? null,
    paymentMethod: method.PaymentMethod,
    billing: billing
      ? {
          firstName: billing.FirstName,
          lastName: billing.LastName,
          zipCode: billing.ZipCode ?? '',
          countryCd: billing.CountryCD,
        }
      : null,
  };
}

/** Keeps the billing name and address, then the card (a declined card is not kept). */
export async function saveCard(api: Api, input: SaveCardInput): Promise<CardUpdateResult> {
  const zip = input.billing.zipCode.trim();
  await api.payments.saveBillingUser({
    user_uid: input.userUid,
    first_name: input.billing.firstName.trim(),
    last_name: input.billing.lastName.trim(),
    ...(zip ? { zip_code: zip } : {}),
    country_cd: input.billing.countryCd,
  });
  return api.payments.updatePaymentMethod({
    user_uid: input.userUid,
    session_guid: input.sessionGuid,
    payment_method: 'CRCD',
    card_type: input.card.cardType,
    last_four_digits: input.card.lastFour,
    fail_payment: input.card.outcome === 'declined',
  });
}
