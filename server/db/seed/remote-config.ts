/** Remote configuration: feature flags, feature rules with their config blocks, experiments. */

export const FEATURE_FLAGS: { feature_cd: string; is_active: boolean; description: string }[] = [
  { feature_cd: 'FBPC', is_active: true, description: 'Feature-based pre-cancel page' },
  { feature_cd: 'CHAT', is_active: true, description: 'Chat support' },
  { feature_cd: 'UNAUTH', is_active: true, description: 'Unauthenticated flow' },
  { feature_cd: 'CNSV', is_active: true, description: 'Cancellation survey' },
  { feature_cd: 'CLFL', is_active: true, description: 'Cover letter flow' },
  { feature_cd: 'JOBW', is_active: false, description: 'Job widget on the sell page' },
  { feature_cd: 'FRRC', is_active: true, description: 'Free resume review in the cancel funnel' },
  { feature_cd: 'UPI', is_active: true, description: 'UPI payment method' },
  { feature_cd: 'DRSW', is_active: true, description: 'Dynamic review-site widget' },
  { feature_cd: 'ADSV', is_active: false, description: 'Ad serving' },
  { feature_cd: 'CPPU', is_active: false, description: 'Common post-payment URL' },
];

/**
 * The experiments, each with the goal suggested to an analyst reading its results (a state of a
 * flow machine) and its control: variation 1, or the holdout (2) of the cancel-flow experiment.
 * Every split is equal. Migration 019 writes the same goals and controls into older databases.
 */
export const EXPERIMENTS = {
  sellPageLayout: {
    guid: 'e1000000-0000-4000-8000-000000000001',
    name: 'Sell page layout',
    variations: 6,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  cancelFlow: {
    guid: 'e1000000-0000-4000-8000-000000000002',
    name: 'Cancel flow',
    variations: 4,
    control: 2,
    goal: 'cancellationConfirm.cancelled',
  },
  testimonialLoader: {
    guid: 'e1000000-0000-4000-8000-000000000003',
    name: 'Testimonial loader',
    variations: 4,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  checkoutMigrationA: {
    guid: 'e1000000-0000-4000-8000-000000000011',
    name: 'Checkout migration A',
    variations: 3,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  checkoutMigrationB: {
    guid: 'e1000000-0000-4000-8000-000000000012',
    name: 'Checkout migration B',
    variations: 3,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  checkoutMigrationC: {
    guid: 'e1000000-0000-4000-8000-000000000013',
    name: 'Checkout migration C',
    variations: 3,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  checkoutMigrationD: {
    guid: 'e1000000-0000-4000-8000-000000000014',
    name: 'Checkout migration D',
    variations: 3,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  cancelButtonOrder: {
    guid: 'e1000000-0000-4000-8000-000000000021',
    name: 'Cancel button order',
    variations: 3,
    control: 1,
    goal: 'preCancel.kept',
  },
  scarcity: {
    guid: 'e1000000-0000-4000-8000-000000000022',
    name: 'Scarcity countdown',
    variations: 3,
    control: 1,
    goal: 'purchaseFunnel.paid',
  },
  autoDownloadDelay: {
    guid: 'e1000000-0000-4000-8000-000000000023',
    name: 'Auto-download delay',
    variations: 3,
    control: 1,
    goal: 'orderConfirmation.afterPurchase',
  },
  upsellFeatureTexts: {
    guid: 'e1000000-0000-4000-8000-000000000031',
    name: 'Upsell feature texts',
    variations: 8,
    control: 1,
    goal: 'upsellOffers.charging',
  },
} as const;

const variants = (guid: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ ExperimentGUID: guid, VariationIndex: from + i }));

export const EXPERIMENT_CONFIGS = [
  {
    config_key: 'sellPageLayout',
    experiment_configuration: variants(EXPERIMENTS.sellPageLayout.guid, 3, 6),
    disallowed: null,
    feature_based: null,
  },
  {
    config_key: 'cancellationReminder',
    experiment_configuration: variants(EXPERIMENTS.cancelFlow.guid, 4, 4),
    disallowed: null,
    feature_based: [
      {
        ExperimentGUID: EXPERIMENTS.cancelFlow.guid,
        Variants: [4],
        Devices: ['Desktop', 'Mobile'],
        UserTypes: ['ACTV'],
      },
    ],
  },
  {
    config_key: 'testimonialLoader',
    experiment_configuration: variants(EXPERIMENTS.testimonialLoader.guid, 3, 4),
    disallowed: null,
    feature_based: [
      {
        ExperimentGUID: EXPERIMENTS.testimonialLoader.guid,
        Variants: [3, 4],
        Devices: ['Desktop', 'Tablet'],
        UserTypes: ['All'],
      },
    ],
  },
  {
    config_key: 'checkoutMigration',
    experiment_configuration: [
      { ExperimentGUID: EXPERIMENTS.checkoutMigrationA.guid, VariationIndex: 3 },
      { ExperimentGUID: EXPERIMENTS.checkoutMigrationB.guid, VariationIndex: 3 },
      { ExperimentGUID: EXPERIMENTS.checkoutMigrationC.guid, VariationIndex: 3 },
      { ExperimentGUID: EXPERIMENTS.checkoutMigrationD.guid, VariationIndex: 3 },
    ],
    disallowed: null,
    feature_based: null,
  },
  {
    config_key: 'mobileCancelButtonOrder',
    experiment_configuration: variants(EXPERIMENTS.cancelButtonOrder.guid, 3, 3),
    disallowed: [{ ExperimentGUID: EXPERIMENTS.scarcity.guid, VariationIndex: 3 }],
    feature_based: null,
  },
  {
    config_key: 'scarcityCountdown',
    experiment_configuration: variants(EXPERIMENTS.scarcity.guid, 3, 3),
    disallowed: null,
    feature_based: null,
  },
];

type Rule = Record<string, unknown>;
type Block = { Show: boolean; Position?: string; WrapperClass?: string; Data?: unknown };

const everyone: Rule = { SupportedForAll: true };

export const FEATURE_RULES: { module_name: string; feature_cd: string; rule: Rule; config: Block }[] = [
  {
    module_name: 'SellPage',
    feature_cd: 'testimonials',
    rule: { IncludeCountries: ['All'], UserTypes: ['All'], Devices: ['Desktop', 'Tablet', 'Mobile'] },
    config: { Show: true, Position: 'Bottom', WrapperClass: 'testimonials', Data: { segment: 'all' } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'hiredBy',
    rule: { IncludeCountries: ['US', 'CA', 'GB', 'IN'], UserTypes: ['NEW', 'EXPD'] },
    config: { Show: true, Position: 'Middle', WrapperClass: 'hired-by', Data: { theme: 'light' } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'trustRating',
    rule: { IncludeCountries: ['All'], ExcludeCountries: ['IN'] },
    config: {
      Show: true,
      Position: 'AboveRight',
      Data: {
        ratingType: 'Dynamic',
        starRating: 4.5,
        reviewCount: 18211,
        numericRating: 4.6,
        cutoffs: [3.5, 4.0, 4.5],
      },
    },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'moneyBack',
    rule: everyone,
    config: { Show: true, Position: 'Bottom', Data: { days: 14 } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'priceAnchor',
    rule: { IncludeCountries: ['US'], UserTypes: ['NEW'] },
    config: { Show: true, Position: 'Above', Data: { annualStrikePrice: 69.99 } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'docThumbnail',
    rule: { IncludeCountries: ['All'], Devices: ['Desktop', 'Tablet'] },
    config: { Show: true, Position: 'Left' },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'lowIntentOffer',
    rule: {
      IncludeCountries: ['US', 'GB', 'CA'],
      UserPreference: { Code: 'LOW_INTENT_USER', Value: 'true' },
      LowIntentCondition: 'visitedSecondTime',
    },
    config: { Show: true, Data: { offers: ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter'] } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'efficacyBanner',
    rule: { IncludeCountries: ['US'], IncludeStates: ['All'], ExcludeStates: ['CA'] },
    config: { Show: true, Position: 'Middle' },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'appBlade',
    rule: { IncludeCountries: ['All'], Devices: ['Mobile'] },
    config: {
      Show: true,
      Position: 'Bottom',
      Data: {
        iosUrl: 'https://apps.apple.com/app/resume-builder/id0000000000',
        androidUrl: 'https://play.google.com/store/apps/details?id=example.resumebuilder',
      },
    },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'socialProof',
    rule: { IncludeCountries: ['US', 'GB', 'CA', 'IN', 'DE'], UserTypes: ['NEW', 'EXPD'] },
    config: { Show: true, Position: 'Above', Data: { type: 'plan', counter: 240, period: 'ODAY' } },
  },
  {
    module_name: 'SellPage',
    feature_cd: 'liveActivity',
    rule: { IncludeCountries: ['US', 'CA'], UserTypes: ['NEW', 'EXPD'] },
    config: { Show: true, Position: 'AboveLeft' },
  },
  { module_name: 'SellPage', feature_cd: 'breadcrumb', rule: everyone, config: { Show: true, Position: 'Above' } },
  { module_name: 'SellPage', feature_cd: 'paymentLogos', rule: everyone, config: { Show: true, Position: 'Bottom' } },
  { module_name: 'SellPage', feature_cd: 'featureTooltips', rule: everyone, config: { Show: true } },
  {
    module_name: 'SellPage',
    feature_cd: 'disclaimers',
    rule: { IncludeCountries: ['US'] },
    config: {
      Show: true,
      Position: 'Bottom',
      Data: [
        {
          type: 'Price',
          marker: '¹',
          markerTextSeparator: ' ',
          order: 1,
          display: true,
          text: 'Prices are in US dollars and include any sales tax due.',
          isHtml: false,
        },
        {
          type: 'Renewal',
          marker: '²',
          markerTextSeparator: ' ',
          order: 2,
          display: true,
          text: 'Plans renew automatically until cancelled; <a href="/payment/cancellation/request">cancel online at any time</a>.',
          isHtml: true,
        },
        {
          type: 'Internal',
          marker: '*',
          markerTextSeparator: ' ',
          order: 3,
          display: false,
          text: 'Not shown.',
          isHtml: false,
        },
      ],
    },
  },
  { module_name: 'Checkout', feature_cd: 'checkoutMigration', rule: everyone, config: { Show: true } },
  {
    module_name: 'Checkout',
    feature_cd: 'processing',
    rule: everyone,
    config: { Show: true, Data: { delayedNoticeMs: 3000, logThresholdMs: 60000 } },
  },
  {
    module_name: 'OrderConfirmation',
    feature_cd: 'dataLayer',
    rule: everyone,
    config: { Show: true, Data: { eventName: 'purchaseComplete' } },
  },
  {
    module_name: 'Cancellation',
    feature_cd: 'featureBasedPreCancel',
    rule: { IncludeCountries: ['US'], UserTypes: ['ACTV'], Flows: ['save'] },
    config: { Show: true },
  },
  {
    module_name: 'Cancellation',
    feature_cd: 'freeResumeReview',
    rule: { IncludeCountries: ['US', 'GB', 'CA'], UserTypes: ['ACTV', 'EXPR'] },
    config: { Show: true },
  },
  {
    module_name: 'Cancellation',
    feature_cd: 'cancellationStrategy',
    rule: everyone,
    config: {
      Show: true,
      Data: {
        strategy: 'Default',
        hideOfferInOneClick: true,
        singleSaveOffer: 'freeMonth',
        complaint: 'technicalProblem',
      },
    },
  },
  {
    module_name: 'Cancellation',
    feature_cd: 'pause',
    rule: everyone,
    config: { Show: true, Data: { keepsAccess: false } },
  },
  { module_name: 'Winback', feature_cd: 'expiringAudience', rule: everyone, config: { Show: true } },
  {
    module_name: 'Cancellation',
    feature_cd: 'terminationDate',
    rule: { IncludeCountries: ['All'], ExcludeCountries: ['DE'] },
    config: { Show: true },
  },
  { module_name: 'Checkout', feature_cd: 'paymentLogos', rule: everyone, config: { Show: true, Position: 'Bottom' } },
  { module_name: 'Checkout', feature_cd: 'upi', rule: { IncludeCountries: ['IN'] }, config: { Show: true } },
  {
    module_name: 'Checkout',
    feature_cd: 'paypal',
    rule: { IncludeCountries: ['All'], ExcludeCountries: ['IN'] },
    config: { Show: true },
  },
  {
    module_name: 'Shell',
    feature_cd: 'unauthenticatedPages',
    rule: { Pages: ['CancellationRequest', 'CancellationReceived', 'PricingPage', 'SellPage'] },
    config: { Show: true },
  },
  {
    module_name: 'Shell',
    feature_cd: 'rightToLeftCultures',
    rule: everyone,
    config: { Show: true, Data: { cultures: ['ar-AE', 'he-IL'] } },
  },
];

export const CS_DETAILS = [
  {
    country_cd: 'US',
    formatted_contact_number: '1-800-555-0134',
    email: 'support@resumenow.example',
    cs_hours: [
      {
        weekday_start: 'Monday',
        weekday_end: 'Friday',
        hours_start: '08:00',
        hours_end: '20:00',
        timezone_cd: 'America/New_York',
      },
      {
        weekday_start: 'Saturday',
        weekday_end: 'Sunday',
        hours_start: '09:00',
        hours_end: '17:00',
        timezone_cd: 'America/New_York',
      },
    ],
  },
  {
    country_cd: 'GB',
    formatted_contact_number: '0800 555 0162',
    email: 'support@resumenow.example.uk',
    cs_hours: [
      {
        weekday_start: 'Monday',
        weekday_end: 'Friday',
        hours_start: '09:00',
        hours_end: '18:00',
        timezone_cd: 'Europe/London',
      },
    ],
  },
  {
    country_cd: 'DE',
    formatted_contact_number: '0800 555 0190',
    email: 'kundenservice@lebenslauf.example.de',
    cs_hours: [
      {
        weekday_start: 'Montag',
        weekday_end: 'Freitag',
        hours_start: '08:00',
        hours_end: '18:00',
        timezone_cd: 'Europe/Berlin',
      },
    ],
  },
  {
    country_cd: 'IN',
    formatted_contact_number: '1800 555 0123',
    email: 'support@resumenow.example.in',
    cs_hours: [
      {
        weekday_start: 'Monday',
        weekday_end: 'Saturday',
        hours_start: '10:00',
        hours_end: '19:00',
        timezone_cd: 'Asia/Kolkata',
      },
    ],
  },
  {
    country_cd: 'CA',
    formatted_contact_number: '1-888-555-0177',
    email: 'support@resumenow.example.ca',
    cs_hours: [
      {
        weekday_start: 'Monday',
        weekday_end: 'Friday',
        hours_start: '08:00',
        hours_end: '20:00',
        timezone_cd: 'America/Toronto',
      },
    ],
  },
  {
    country_cd: 'FR',
    formatted_contact_number: '0800 555 014',
    email: 'support@moncv.example.fr',
    cs_hours: [
      {
        weekday_start: 'Lundi',
        weekday_end: 'Vendredi',
        hours_start: '09:00',
        hours_end: '18:00',
        timezone_cd: 'Europe/Paris',
      },
    ],
  },
  {
    country_cd: 'ES',
    formatted_contact_number: '900 555 014',
    email: 'soporte@micv.example.es',
    cs_hours: [
      {
        weekday_start: 'Lunes',
        weekday_end: 'Viernes',
        hours_start: '09:00',
        hours_end: '18:00',
        timezone_cd: 'Europe/Madrid',
      },
    ],
  },
];

/** Reason codes and their post-survey offers; labels are i18n keys, translated by the app. */
const REASONS = [
  { value: 1, label: 'cancel.reason.foundJob' },
  { value: 2, label: 'cancel.reason.onlyWantedResume' },
  { value: 3, label: 'cancel.reason.cantAfford' },
  { value: 4, label: 'cancel.reason.tooExpensive' },
  { value: 5, label: 'cancel.reason.takingBreak' },
  { value: 6, label: 'cancel.reason.noMonthlyFee' },
  { value: 7, label: 'cancel.reason.reallyHelpful' },
  { value: 8, label: 'cancel.reason.notHelpful' },
  { value: 15, label: 'cancel.reason.other' },
];
const OFFERS = [
  { reason: 7, offer: 'socialCard' },
  { reason: 1, offer: 'seeOffer' },
  { reason: 4, offer: 'seeOffer' },
  { reason: 2, offer: 'customizeResume' },
  { reason: 8, offer: 'talkToAgent' },
];

export const CANCELLATION_PAGE_CONTENT = ['US', 'GB', 'DE', 'IN', 'CA', 'FR', 'ES'].map((country_cd) => ({
  country_cd,
  content: {
    reasons: REASONS,
    offers: OFFERS,
    notes:
      country_cd === 'DE'
        ? ['cancel.note.statutory', 'cancel.note.confirmationEmail', 'cancel.note.accessUntilEnd']
        : ['cancel.note.confirmationEmail', 'cancel.note.accessUntilEnd'],
  },
}));
