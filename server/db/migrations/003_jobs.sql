-- Job postings for the job-apply flow (flow=2 with a job id): the funnel looks a job up to know
-- whether the person can still apply to it and where.

create table jobs (
  job_id text primary key check (job_id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$'),
  title text not null,
  company text not null,
  location text not null,
  -- As the job board gives it: often without a scheme ("careers.example.com/apply/1").
  apply_url text not null,
  expires_at timestamptz not null,
  -- Two-letter country codes of the markets whose people may apply; 'ALL' opens it to every market.
  eligible_countries text[] not null check (cardinality(eligible_countries) > 0)
);
