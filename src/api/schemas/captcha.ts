import * as z from 'zod/mini';

/**
 * The self-hosted ALTCHA proof-of-work captcha (protocol v2 of altcha-lib 2 and the altcha 3
 * widget). GET captcha/challenge answers a signed challenge; the widget solves it and gives a
 * base64 payload, which a protected request carries in its `captcha` field.
 */

/** Longest payload accepted: a real one is about 700 characters. */
export const CAPTCHA_MAX_LENGTH = 4000;

/**
 * The challenge parameters are signed as a whole, so unknown keys are kept (loose objects):
 * dropping one would break the signature.
 */
export const captchaChallengeParameters = z.looseObject({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
  keySignature: z.optional(z.string()),
  expiresAt: z.optional(z.number()),
  data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

/** The answer of GET captcha/challenge, as the widget expects it. */
export const captchaChallenge = z.looseObject({
  parameters: captchaChallengeParameters,
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** The `captcha` field of a protected request: the widget's base64 payload, bounded. */
export const captchaField = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be the captcha payload') })
  .check(
    z.minLength(1, 'required'),
    z.maxLength(CAPTCHA_MAX_LENGTH, 'must be the captcha payload'),
    z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the captcha payload'),
  );

/** The decoded payload: the challenge as issued and the solution found for it. */
export const captchaPayload = z.object({
  challenge: z.looseObject({
    parameters: captchaChallengeParameters,
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  solution: z.object({
    counter: z.int().check(z.minimum(0), z.maximum(0xffffffff)),
    derivedKey: z.string().check(z.regex(/^(?:[0-9a-f]{2}){1,128}$/)),
    time: z.optional(z.number()),
  }),
});
