import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the pages operations, from the seeded demo data. */
export const pagesExamples: ExamplesByOperation = {
  'GET /pages': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', countryCD: 'US', docTypeCD: 'RSME' },
    responses: {
      200: {
        UserType: 'ACTV',
        CurrentSubscriptionStatusCD: 'ACTV',
        ShowFOMO: false,
        IsCoverLetter: false,
        PaymentStatus: 'SUCC',
        SubscriptionStatus: 'AUTO',
        LatestJobTitle: 'Marketing Manager',
        LatestJobLocation: 'Chicago, IL',
        ResumeCreatedForDifferentReason: false,
        ResumeCreatedReason: null,
        HasAnyFreeResumeReviewOrder: false,
        DocumentSkinCD: 'SRZ2',
        DocumentCultureCD: 'en-US',
        first_name_in_doc: 'Ava',
      },
    },
  },
  'GET /pages/features': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', visitorPortalID: '1', device: 'Desktop' },
    responses: {
      200: {
        Preview: false,
        Device: 'Desktop',
        Features: [
          {
            FeatureCD: 'cancellationStrategy',
            ModuleName: 'Cancellation',
            Rule: { SupportedForAll: true },
            Config: {
              Data: {
                strategy: 'Default',
                complaint: 'technicalProblem',
                singleSaveOffer: 'freeMonth',
                hideOfferInOneClick: true,
              },
              Show: true,
            },
          },
          {
            FeatureCD: 'featureBasedPreCancel',
            ModuleName: 'Cancellation',
            Rule: { Flows: ['save'], UserTypes: ['ACTV'], IncludeCountries: ['US'] },
            Config: { Show: true },
          },
        ],
      },
    },
  },
  'GET /pages/cancel': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', visitorPortalID: '1', countryCD: 'US' },
    responses: {
      200: {
        Content: {
          notes: ['cancel.note.confirmationEmail', 'cancel.note.accessUntilEnd'],
          offers: [
            { offer: 'socialCard', reason: 7 },
            { offer: 'seeOffer', reason: 1 },
          ],
          reasons: [
            { label: 'cancel.reason.foundJob', value: 1 },
            { label: 'cancel.reason.onlyWantedResume', value: 2 },
          ],
        },
        CancellationData: {
          SubscriptionID: 50002,
          SkuID: 104,
          SkuLabel: 'Monthly Access',
          PaymentStatus: 'SUCC',
          SubscriptionStatus: 'ACTV',
        },
        SaveOffers: [
          { OfferID: 'halfOffNextRenewal', Kind: 'discount', DiscountPercent: 50, FreeMonths: null, Redeemable: true },
          { OfferID: 'freeMonth', Kind: 'freeMonth', DiscountPercent: null, FreeMonths: 1, Redeemable: true },
        ],
        Pause: { Months: [1, 2], Available: true, KeepsAccess: false },
      },
    },
  },
  'GET /pages/userstagesession': {
    query: { pageId: 'PricingPage', userUid: '5eed0000-0000-4000-8000-000000000003' },
    responses: {
      200: {
        UserUID: '5eed0000-0000-4000-8000-000000000003',
        PageID: 'PricingPage',
        UserStageID: 3,
        SessionID: '9f6c2d1e-0b7a-4c3d-8e5f-6a7b8c9d0e1f',
      },
    },
  },
  'GET /pages/payment': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', visitorPortalID: '1' },
    responses: {
      200: {
        PaymentMethods: [
          { Code: 'CRCD', IsAPM: false, Name: 'Credit card', UIName: 'payment.method.card' },
          { Code: 'PYPL', IsAPM: true, Name: 'PayPal', UIName: 'payment.method.paypal' },
        ],
        BillingUser: { FirstName: 'Ava', LastName: 'Martinez', ZipCode: '78701', CountryCD: 'US' },
        EmailMatches: null,
      },
    },
  },
  'GET /v2/pages': {
    query: { userUID: '5eed0000-0000-4000-8000-000000000003', countryCD: 'US' },
    responses: { 200: { user_type: 'ACTV', current_subscription_statuscd: 'ACTV' } },
  },
};
