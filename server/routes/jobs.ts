import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { jobIdParam, jobLookup, jobLookupQuery, type JobLookupResult } from '../../src/api/schemas/jobs';

interface JobRow {
  job_id: string;
  title: string;
  company: string;
  location: string;
  apply_url: string;
  is_expired: boolean;
  eligible_countries: string[];
}

export function jobRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * The job-apply flow's lookup (spec §3 "Job lookup result"). Eligibility is judged for the
   * signed-in person's own country; a guest's is the one the page names, else the US.
   */
  app.get(
    '/:jobId',
    contract({
      summary: 'Look up a job posting and whether one may apply',
      auth: 'guest',
      params: jobIdParam,
      query: jobLookupQuery,
      responses: { 200: jobLookup },
      errors: [404],
    }),
    async (c) => {
      const { jobId } = c.req.valid('param');
      const query = c.req.valid('query');
      const countryCd = c.get('user')?.country_cd ?? query.countryCD ?? 'US';
      const [job] = await c
        .get('db')
        .query<JobRow>(
          `select job_id, title, company, location, apply_url, expires_at <= now() as is_expired, eligible_countries from jobs where job_id = $1`,
          [jobId],
        );
      if (!job) throw notFound('The job');
      const answer: JobLookupResult = {
        JobID: job.job_id,
        Title: job.title,
        Company: job.company,
        Location: job.location,
        IsEligible: job.eligible_countries.includes('ALL') || job.eligible_countries.includes(countryCd.toUpperCase()),
        IsJobExpired: job.is_expired,
        applyURL: job.apply_url,
      };
      return c.json(answer);
    },
  );

  return app;
}
