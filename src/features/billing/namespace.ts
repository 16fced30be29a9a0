/** The texts of billing history and transaction detail (`locales/<culture>/billing.json`). */
export const BILLING_NAMESPACE = 'billing';
