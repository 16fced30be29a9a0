import * as z from 'zod/mini';
import { apiErrorBody, userTypeCode } from './common';
import { documentSummary } from './documents';

/* Answers of the API that no other schema module holds: the server's own, the demo's, and two the app reads. */

/** GET health: the server answers and so does its database. */
export const health = z.object({
  ok: z.literal(true),
  database: z.literal('up'),
  kind: z.enum(['pglite', 'postgres']),
});
/** GET health when this process cannot serve: the error body, and that its database does not answer. */
export const healthDown = z.extend(apiErrorBody, { database: z.literal('down') });

/** GET config/client: where the browser app finds the API and the dashboard, and whether demo sign-in is on. */
export const clientConfig = z.object({ apiBase: z.string(), dashboardUrl: z.string(), demoLogin: z.boolean() });

/** GET demo/personas: the seeded personas one can sign in as. */
export const personas = z.object({
  Personas: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      country: z.string(),
      culture: z.string(),
      userType: userTypeCode,
      subRole: z.nullable(z.string()),
    }),
  ),
});

/** GET demo/outbox: the e-mails the server would have sent, newest first. */
export const outbox = z.object({
  Emails: z.array(
    z.object({ id: z.int(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() }),
  ),
});

/** GET payments/{userId}/payment/{id}: one payment, in short. */
export const paymentSummary = z.object({
  PaymentID: z.int(),
  PaymentMethodCD: z.string(),
  CardType: z.nullable(z.string()),
  LastFourDigits: z.nullable(z.string()),
  Amount: z.number(),
  CurrencyCD: z.string(),
  Status: z.string(),
  CreatedAt: z.string(),
});

/** GET documents/{uid}/latest: the most recently changed document, if there is one. */
export const latestDocument = z.object({ Document: z.nullable(documentSummary) });

/** POST users/{userId}/savepreference: the preference as stored. */
export const savedPreference = z.object({ code: z.string(), value: z.string() });
