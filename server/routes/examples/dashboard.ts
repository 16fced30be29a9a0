import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the dashboard operations, from the seeded demo data. */
export const dashboardExamples: ExamplesByOperation = {
  'GET /dashboard': { query: { next: '/payment/mysettings', device: 'Desktop' } },
  'GET /build/resume': { query: { mode: 'edit', documentid: 'd0c10000-0000-4000-8001-000000000003' } },
  'GET /build-resume/mobile': { query: { mode: 'edit', documentid: 'd0c10000-0000-4000-8001-000000000003' } },
  'GET /build/letter': { query: { mode: 'edit', documentid: 'd0c20000-0000-4000-8002-000000000003' } },
};
