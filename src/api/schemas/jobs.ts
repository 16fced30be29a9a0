import * as z from 'zod/mini';
import { countryCode } from './common';

/** A job board's id for a posting, as the job-apply flow carries it (`flow=2` with a job id). */
export const jobId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a job id (letters, digits, - and _, at most 64)'));

export const jobIdParam = z.object({ jobId });

/** A guest has no country of their own: the page may name one (the test-country override). */
export const jobLookupQuery = z.object({ countryCD: z.optional(countryCode) });

/**
 * Spec §3 "Job lookup result". applyURL is the board's address as stored, possibly without a
 * scheme; the client adds https when there is none.
 */
export const jobLookup = z.object({
  JobID: z.string(),
  Title: z.string(),
  Company: z.string(),
  Location: z.string(),
  IsEligible: z.boolean(),
  IsJobExpired: z.boolean(),
  applyURL: z.nullable(z.string()),
});
export type JobLookupResult = z.infer<typeof jobLookup>;
