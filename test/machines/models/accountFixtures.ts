/** Accounts and card-update answers the account machines' models and tests start from. */
import type { SettingsAccount, SettingsPlan } from '../../../machines/my-settings.rules';
import type { CardUpdateResult } from '../../../machines/payment-method.rules';

export const activePlan: SettingsPlan = {
  SkuID: 104,
  SkuLabel: 'Monthly Full Access',
  StatusCD: 'ACTV',
  UnitPrice: 23.95,
  CurrencyCD: 'USD',
  NextBillingDate: '2026-12-09',
  EndDate: '2026-12-09',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 23.95,
  PausedFrom: null,
  ResumesOn: null,
};
export const suspendedPlan: SettingsPlan = {
  ...activePlan,
  StatusCD: 'SUSP',
  EndDate: '2026-11-24',
  NextBillingDate: '2026-11-25',
};
export const expiringPlan: SettingsPlan = { ...activePlan, StatusCD: 'EXPR', NextBillingDate: null };
export const visaOnFile = { PaymentMethodCD: 'CRCD', CardType: 'VISA', LastFourDigits: '0341' };
export const newVisa = { PaymentMethodCD: 'CRCD', CardType: 'VISA', LastFourDigits: '4242' };

export const accounts = {
  active: { plan: activePlan, paymentMethod: visaOnFile },
  suspended: { plan: suspendedPlan, paymentMethod: visaOnFile },
  expiring: { plan: expiringPlan, paymentMethod: visaOnFile },
  none: { plan: null, paymentMethod: null },
} satisfies Record<string, SettingsAccount>;

export const updates = {
  saved: { Outcome: 'SAVED', PaymentMethod: newVisa, Renewal: null, Replayed: false },
  declined: { Outcome: 'DECLINED', PaymentMethod: visaOnFile, Renewal: null, Replayed: false },
  recovered: {
    Outcome: 'SAVED',
    PaymentMethod: newVisa,
    Renewal: { SubscriptionID: 50010, TransactionID: 700200, Status: 'SUCC', SubscriptionStatusCD: 'ACTV' },
    Replayed: false,
  },
  stillFailing: {
    Outcome: 'SAVED',
    PaymentMethod: newVisa,
    Renewal: { SubscriptionID: 50010, TransactionID: 700201, Status: 'FAIL', SubscriptionStatusCD: 'RTRY' },
    Replayed: false,
  },
} satisfies Record<string, CardUpdateResult>;
