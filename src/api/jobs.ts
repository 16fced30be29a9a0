import type { ApiClient } from './client';
import { jobLookup } from './schemas/jobs';

export const jobsApi = (client: ApiClient) => ({
  /** GET jobs/{jobId}: whether the person may still apply, and where. An unknown id fails with 404. */
  lookUp: (jobId: string, query: { countryCD?: string } = {}) => client.get(`jobs/${encodeURIComponent(jobId)}`, jobLookup, query),
});
