import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the jobs operations, from the seeded demo data. */
export const jobsExamples: ExamplesByOperation = {
  'GET /jobs/:jobId': {
    params: { jobId: 'J-OPEN-1' },
    query: { countryCD: 'US' },
    responses: {
      200: {
        JobID: 'J-OPEN-1',
        Title: 'Project Manager',
        Company: 'Acme Corporation',
        Location: 'Austin, TX',
        IsEligible: true,
        IsJobExpired: false,
        applyURL: 'careers.acme.example/apply/1',
      },
    },
  },
};
