import * as z from 'zod/mini';
import { uuid } from './common';

export const winbackParam = z.object({ userId: uuid });

/** Where a person stands towards winback, decided by the server from the stored record. */
export const winbackFacts = z.object({
  Standing: z.enum(['eligible', 'redeemed', 'active', 'notEligible']),
  /** The user type the skus call is asked with: EXPD, or EXPR_WIN for an Expiring person invited back. */
  Audience: z.nullable(z.enum(['EXPD', 'EXPR_WIN'])),
  /** Whole days since the cancellation; null outside the audience. */
  CancellationDays: z.nullable(z.int()),
});
export type WinbackFacts = z.infer<typeof winbackFacts>;
