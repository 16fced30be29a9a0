import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/jobs'));

export const jobsApi = (client: ApiClient) => ({
  /** GET jobs/{jobId}: whether the person may still apply, and where. An unknown id fails with 404. */
  lookUp: (jobId: string, query: { countryCD?: string } = {}) =>
    client.get(`jobs/${encodeURIComponent(jobId)}`, schema('jobLookup'), query),
});
