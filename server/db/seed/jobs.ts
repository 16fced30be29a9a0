/** Job postings for the job-apply flow (flow=2): one open, one expired, one outside the US market. */
import type { Queryable } from '../database';

export interface JobSeed {
  job_id: string;
  title: string;
  company: string;
  location: string;
  apply_url: string;
  /** Negative when the posting already closed. */
  expires_in_days: number;
  eligible_countries: string[];
}

export const JOBS: JobSeed[] = [
  {
    job_id: 'J-OPEN-1',
    title: 'Project Manager',
    company: 'Acme Corporation',
    location: 'Austin, TX',
    apply_url: 'careers.acme.example/apply/1',
    expires_in_days: 365,
    eligible_countries: ['US', 'CA'],
  },
  {
    job_id: 'J-EXPIRED-1',
    title: 'Data Analyst',
    company: 'Globex',
    location: 'Seattle, WA',
    apply_url: 'https://jobs.globex.example/postings/77',
    expires_in_days: -5,
    eligible_countries: ['US'],
  },
  {
    job_id: 'J-UK-ONLY-1',
    title: 'Accountant',
    company: 'Initech UK',
    location: 'Manchester',
    apply_url: 'https://careers.initech.example.co.uk/roles/12',
    expires_in_days: 365,
    eligible_countries: ['GB'],
  },
  {
    job_id: 'J-REMOTE-1',
    title: 'Software Engineer',
    company: 'Umbrella Remote',
    location: 'Remote',
    apply_url: 'https://umbrella.example/jobs/remote-1',
    expires_in_days: 365,
    eligible_countries: ['ALL'],
  },
];

/**
 * Seeds the postings while the table is empty. Called on every start, not only for a new
 * database, so a database made before the jobs table existed gets them too.
 */
export async function seedJobs(tx: Queryable, now: number): Promise<void> {
  const [{ count } = { count: '0' }] = await tx.query<{ count: string }>('select count(*)::text as count from jobs');
  if (count !== '0') return;
  for (const job of JOBS) {
    await tx.query(
      'insert into jobs (job_id, title, company, location, apply_url, expires_at, eligible_countries) values ($1, $2, $3, $4, $5, $6, $7)',
      [
        job.job_id,
        job.title,
        job.company,
        job.location,
        job.apply_url,
        new Date(now + job.expires_in_days * 86_400_000).toISOString(),
        job.eligible_countries,
      ],
    );
  }
}
