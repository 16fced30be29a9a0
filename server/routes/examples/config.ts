import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the config operations, from the seeded demo data. */
export const configExamples: ExamplesByOperation = {
  'GET /config/features': {
    query: { moduleName: 'cancellation' },
    responses: {
      200: {
        Flags: [
          { FeatureCD: 'ADSV', IsActive: false },
          { FeatureCD: 'CHAT', IsActive: true },
        ],
        Features: [],
        Experiments: [
          {
            configKey: 'cancellationReminder',
            experimentConfiguration: [{ ExperimentGUID: 'e1000000-0000-4000-8000-000000000002', VariationIndex: 4 }],
            featureBasedExperimentConfiguration: [
              {
                Devices: ['Desktop', 'Mobile'],
                Variants: [4],
                UserTypes: ['ACTV'],
                ExperimentGUID: 'e1000000-0000-4000-8000-000000000002',
              },
            ],
          },
          {
            configKey: 'checkoutMigration',
            experimentConfiguration: [
              { ExperimentGUID: 'e1000000-0000-4000-8000-000000000011', VariationIndex: 3 },
              { ExperimentGUID: 'e1000000-0000-4000-8000-000000000012', VariationIndex: 3 },
            ],
          },
        ],
      },
    },
  },
  'GET /config/experiments': {
    responses: {
      200: {
        Experiments: [
          { ExperimentGUID: 'e1000000-0000-4000-8000-000000000023', Name: 'Auto-download delay', Variations: [1, 2] },
          { ExperimentGUID: 'e1000000-0000-4000-8000-000000000021', Name: 'Cancel button order', Variations: [1, 2] },
        ],
      },
    },
  },
  'GET /config/csdetails': {
    query: { countryCD: 'US' },
    responses: {
      200: {
        country_cd: 'US',
        address: { formatted_contact_number: '1-800-555-0134' },
        email: 'support@resumenow.example',
        cs_hours: [
          {
            hours_end: '20:00',
            hours_start: '08:00',
            timezone_cd: 'America/New_York',
            weekday_end: 'Friday',
            weekday_start: 'Monday',
          },
          {
            hours_end: '17:00',
            hours_start: '09:00',
            timezone_cd: 'America/New_York',
            weekday_end: 'Sunday',
            weekday_start: 'Saturday',
          },
        ],
      },
    },
  },
  'GET /config/client': { responses: { 200: { apiBase: '/api', dashboardUrl: '/dashboard', demoLogin: true } } },
};
