import * as z from 'zod/mini';

export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID'));
export const countryCode = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code')),
  z.transform((v) => v.toUpperCase()),
);
export const isoDateTime = z.iso.datetime({ offset: true });
/** Query strings carry booleans as text; accept the spellings browsers and people send. */
export const queryBoolean = z.pipe(
  z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False', '1', '0']),
  z.transform((v) => v === '1' || v.toLowerCase() === 'true'),
);
/** The demo people of DESIGN.md, by the id the demo sign-in and the flow simulator take. */
export const DEMO_PERSONA_IDS = [
  'new-us',
  'trial-us',
  'active-us',
  'expiring-us',
  'expired-us',
  'suspended-us',
  'active-uk',
  'active-de',
  'new-in',
  'employer',
] as const;
export type DemoPersonaId = (typeof DEMO_PERSONA_IDS)[number];
export const demoPersonaId = z.enum(DEMO_PERSONA_IDS);
export const deviceType = z.enum(['Desktop', 'Tablet', 'Mobile']);
export const userTypeCode = z.enum(['NEW', 'ACTV', 'EXPR', 'EXPD', 'SUSP', 'EXPR_WIN']);
export const subscriptionStatusCode = z.enum(['BASE', 'ACTV', 'EXPR', 'SUSP', 'EXPD', 'PEND', 'RTRY']);
export const paymentStatus = z.enum(['SUCC', 'FAIL', 'EXIST']);
export const docTypeCode = z.enum(['RSME', 'LETR']);

/** The one error body every rejected request carries. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    /** Only on an unexpected failure: quote it to support, it finds the server's log line. */
    requestId: z.optional(z.string()),
  }),
});
