import type { ExamplesByOperation } from '../../openapi/example-types';

/** Ava's monthly plan after she took the free month, as the save-offer, pause and resume responses carry it. */
const AVA_PLAN_AFTER_FREE_MONTH = {
  SubscriptionID: 50002,
  UserUID: '5eed0000-0000-4000-8000-000000000003',
  SkuID: 104,
  SkuLabel: 'Monthly Access',
  PlanKind: 'Monthly',
  StatusCD: 'ACTV',
  SubscriptionTypeCD: 'AUTO',
  StartDate: '2026-08-05T23:25:41.519Z',
  EndDate: '2027-01-17T23:25:41.519Z',
  NextBillingDate: '2027-01-17T23:25:41.519Z',
  CancelledOn: null,
  CancellationNumber: null,
  DaysRemaining: 41,
  UnitPrice: 23.95,
  FormattedUnitPrice: '$23.95',
  CurrencyCD: 'USD',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 23.95,
  FormattedNextRenewalPrice: '$23.95',
  PausedFrom: null,
  ResumesOn: null,
  IsPaused: false,
  SaveOffer: { OfferID: 'freeMonth', RedeemedAt: '2026-12-07T23:25:59.359Z' },
};

/** Examples of the subscriptions operations, from the seeded demo data. */
export const subscriptionsExamples: ExamplesByOperation = {
  'GET /subscriptions': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', isCurrentOnly: 'true' },
    responses: {
      200: {
        Subscriptions: [
          {
            SubscriptionID: 50002,
            UserUID: '5eed0000-0000-4000-8000-000000000003',
            SkuID: 104,
            SkuLabel: 'Monthly Access',
            PlanKind: 'Monthly',
            StatusCD: 'ACTV',
            SubscriptionTypeCD: 'AUTO',
            StartDate: '2026-08-05T23:25:41.519Z',
            EndDate: '2026-12-17T23:25:41.519Z',
            NextBillingDate: '2026-12-17T23:25:41.519Z',
            CancelledOn: null,
            CancellationNumber: null,
            DaysRemaining: 10,
            UnitPrice: 23.95,
            FormattedUnitPrice: '$23.95',
            CurrencyCD: 'USD',
            RenewalDiscountPercent: null,
            NextRenewalPrice: 23.95,
            FormattedNextRenewalPrice: '$23.95',
            PausedFrom: null,
            ResumesOn: null,
            IsPaused: false,
            SaveOffer: null,
          },
        ],
      },
    },
  },
  'POST /subscriptions/survey': {
    body: {
      user_uid: '5eed0000-0000-4000-8000-000000000003',
      subscription_id: 50002,
      reason_cd: 4,
      reason_text: 'Found a job',
      flow_type: 'Default',
    },
    responses: { 201: { SurveyID: 1, reason_cd: 4 } },
  },
  'GET /v2/subscriptions/:id/details': {
    params: { id: '50002' },
    responses: {
      200: {
        SubscriptionID: 50002,
        UserUID: '5eed0000-0000-4000-8000-000000000003',
        SkuID: 104,
        SkuLabel: 'Monthly Access',
        PlanKind: 'Monthly',
        StatusCD: 'ACTV',
        SubscriptionTypeCD: 'AUTO',
        StartDate: '2026-08-05T23:25:41.519Z',
        EndDate: '2026-12-17T23:25:41.519Z',
        NextBillingDate: '2026-12-17T23:25:41.519Z',
        CancelledOn: null,
        CancellationNumber: null,
        DaysRemaining: 10,
        UnitPrice: 23.95,
        FormattedUnitPrice: '$23.95',
        CurrencyCD: 'USD',
        RenewalDiscountPercent: null,
        NextRenewalPrice: 23.95,
        FormattedNextRenewalPrice: '$23.95',
        PausedFrom: null,
        ResumesOn: null,
        IsPaused: false,
        SaveOffer: null,
        Transactions: [
          { transaction_id: 700006, transaction_type: 'SALE', price: 23.95, created_at: '2026-11-17T23:25:41.519Z' },
          { transaction_id: 700008, transaction_type: 'SALE', price: 4.95, created_at: '2026-10-20T23:25:41.519Z' },
        ],
        SurveyAnswered: true,
      },
    },
  },
  'POST /subscriptions/saveoffer': {
    body: { user_uid: '5eed0000-0000-4000-8000-000000000003', subscription_id: 50002, offer_id: 'freeMonth' },
    responses: {
      200: {
        OfferID: 'freeMonth',
        Kind: 'freeMonth',
        RedeemedAt: '2026-12-07T23:25:59.359Z',
        Subscription: {
          ...AVA_PLAN_AFTER_FREE_MONTH,
        },
      },
    },
  },
  'POST /subscriptions/pause': {
    body: { user_uid: '5eed0000-0000-4000-8000-000000000003', subscription_id: 50002, months: 1 },
    responses: {
      200: {
        Months: 1,
        KeepsAccess: false,
        Subscription: {
          ...AVA_PLAN_AFTER_FREE_MONTH,
          NextBillingDate: '2027-02-17T23:25:41.519Z',
          PausedFrom: '2027-01-17T23:25:41.519Z',
          ResumesOn: '2027-02-17T23:25:41.519Z',
        },
      },
    },
  },
  'POST /subscriptions/resume': {
    body: { user_uid: '5eed0000-0000-4000-8000-000000000003', subscription_id: 50002 },
    responses: {
      200: {
        Subscription: {
          ...AVA_PLAN_AFTER_FREE_MONTH,
        },
      },
    },
  },
  'POST /subscriptions/cancelv2': {
    body: {
      user_uid: '5eed0000-0000-4000-8000-000000000003',
      subscription_id: 50002,
      cancellation_strategy: 'Default',
    },
    responses: {
      200: {
        CancellationNumber: 'CN20261207447848',
        SkuID: 104,
        SkuLabel: 'Monthly Access',
        PaymentStatus: 'SUCC',
        SubscriptionStatus: 'EXPR',
        AccessEndsOn: '2027-01-17T23:25:41.519Z',
        UserType: 'EXPR',
        DeclaredAt: '2026-12-07T23:25:59.510Z',
      },
    },
  },
  'POST /v2/subscriptions/cancel': {
    body: {
      email_address: 'lena.schneider@example.de',
      portal_id: 3,
      account_id: '100000008',
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:00',
      captcha:
        'eyJjaGFsbGVuZ2UiOnsicGFyYW1ldGVycyI6eyJhbGdvcml0aG0iOiJQQktERjIvU0hBLTI1NiIsImNvc3QiOjEwMDAsImV4cGlyZXNBdCI6MTc5NjY4NjU1OSwia2V5TGVuZ3RoIjozMiwia2V5UHJlZml4IjoiNzhlYjg0NDMxMWFmZmMwOWY2OTZkODk4OTAzMGI3MDkiLCJrZXlTaWduYXR1cmUiOiI1OWM2Y2EwNWYxN2U4MDVlNTZjNThlYTg1NjIzM2Y2ZmZiN2RkMDM1OWY3NWRiYWNiODkzNTEwNWFmOTM3ZTg2Iiwibm9uY2UiOiI3Y2NmMzZmMTI0NGZhM2Y0ZGY5MmY3ODU1MTVmODJmZSIsInNhbHQiOiIzZmQ1MTY2Y2Q2M2I3NWJmOTdiMjhkYjA4YjgxMjE0YyJ9LCJzaWduYXR1cmUiOiJlZWYyMmVlYWNkZmNkMzM1MTE4YzcxZWVhMTc3NTNlMzMxZmZkZDJhYzgwOTJlYmE5YzRhNzg3M2Q4ZjQxYjMyIn0sInNvbHV0aW9uIjp7ImNvdW50ZXIiOjM4MiwiZGVyaXZlZEtleSI6Ijc4ZWI4NDQzMTFhZmZjMDlmNjk2ZDg5ODkwMzBiNzA5MDA3YTZlZTUyY2Y2ZDNhNGM3ZDQ2YWM5MGM3MzNmN2YiLCJ0aW1lIjo1MjN9fQ==',
    },
    responses: {
      201: {
        CancellationNumber: 'CN20261207648432',
        ReceivedAt: '2026-12-07T23:26:00.088Z',
        EffectiveDate: null,
        AccountId: '100000008',
        EmailAddress: 'lena.schneider@example.de',
        IsExtraordinary: false,
      },
    },
  },
};
