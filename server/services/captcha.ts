import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type VerifySolutionResult } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaConfig } from '../config';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { captchaPayload, type CaptchaChallenge } from '../../src/api/schemas/captcha';

/**
 * The self-hosted ALTCHA proof-of-work captcha (altcha-lib 2, protocol v2), privacy-preserving:
 * no third party, no cookie, nothing about the visitor is kept.
 *
 * A challenge is signed with an HMAC key that every server process on the database shares (the
 * key is made once per database by migration 002, or comes from CAPTCHA_HMAC_KEY), so a challenge
 * issued by one process is accepted by another. It carries its own expiry, covered by the
 * signature. The counter is known when the challenge is made ("deterministic mode"), so checking a
 * solution is one HMAC, and the work a browser does is bounded.
 */

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_NAME = 'captcha_hmac';

interface CaptchaSecrets {
  /** Signs the challenge parameters. */
  signature: string;
  /** Signs the key the solution must derive. */
  key: string;
}

/** A solution that verified: what is recorded so it cannot be used again. */
export interface VerifiedCaptcha {
  /** SHA-256 of the challenge signature: unique per challenge issued. */
  id: string;
  expiresAt: Date;
}

async function masterKey(db: Queryable, config: CaptchaConfig): Promise<string> {
  if (config.hmacKey) return config.hmacKey;
  const read = async () =>
    (await db.query<{ secret: string }>('select secret from server_secrets where name = $1', [SECRET_NAME]))[0]?.secret;
  const stored = await read();
  if (stored) return stored;
  // Migration 002 makes the key; should the row be gone, the first process to notice makes a new one.
  await db.query('insert into server_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    randomBytes(32).toString('hex'),
  ]);
  return (await read())!;
}

async function secrets(db: Queryable, config: CaptchaConfig): Promise<CaptchaSecrets> {
  const master = await masterKey(db, config);
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest('hex');
  return { signature: derive('altcha challenge signature'), key: derive('altcha derived key signature') };
}

/** A new challenge, as the ALTCHA widget expects it from its challenge URL. */
export async function issueChallenge(
  db: Queryable,
  config: CaptchaConfig,
  now = new Date(),
): Promise<CaptchaChallenge> {
  const { signature, key } = await secrets(db, config);
  const challenge: Challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: config.cost,
    counter: randomInt(config.counterMin, config.counterMax + 1),
    deriveKey,
    expiresAt: new Date(now.getTime() + config.ttlSeconds * 1000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature! };
}

const rejected = (code: 'CAPTCHA_INVALID' | 'CAPTCHA_EXPIRED' | 'CAPTCHA_REPLAYED') => {
  switch (code) {
    case 'CAPTCHA_EXPIRED':
      return new ApiError(400, code, 'The captcha has expired. Please solve it again.', { captcha: 'has expired' });
    case 'CAPTCHA_REPLAYED':
      return new ApiError(400, code, 'This captcha was already used. Please solve it again.', {
        captcha: 'was already used',
      });
    default:
      return new ApiError(400, code, 'The captcha could not be verified. Please solve it again.', {
        captcha: 'is not a valid solution',
      });
  }
};

function decode(text: string) {
  try {
    const parsed = captchaPayload.safeParse(JSON.parse(Buffer.from(text, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a payload from the widget: signed by us, not expired, solved. Writes nothing; the
 * solution is recorded as used by `consumeCaptcha`, in the transaction of the request it allows.
 * Throws a 400 naming the `captcha` field otherwise.
 */
export async function verifyCaptcha(db: Queryable, config: CaptchaConfig, text: string): Promise<VerifiedCaptcha> {
  const payload = decode(text);
  const parameters = payload?.challenge.parameters;
  // Only what we issue: our algorithm, always an expiry, always a key signature.
  if (
    !payload ||
    !parameters ||
    parameters.algorithm !== CAPTCHA_ALGORITHM ||
    typeof parameters.expiresAt !== 'number' ||
    !parameters.keySignature
  ) {
    throw rejected('CAPTCHA_INVALID');
  }
  const { signature, key } = await secrets(db, config);
  let result: VerifySolutionResult;
  try {
    result = await verifySolution({
      challenge: payload.challenge as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
  } catch {
    throw rejected('CAPTCHA_INVALID');
  }
  if (result.expired) throw rejected('CAPTCHA_EXPIRED');
  if (!result.verified) throw rejected('CAPTCHA_INVALID');
  return {
    id: createHash('sha256').update(payload.challenge.signature).digest('hex'),
    expiresAt: new Date(parameters.expiresAt * 1000),
  };
}

/**
 * Records a verified solution as used, inside the caller's transaction: the primary key makes a
 * second use fail (a concurrent one waits for the first to commit, then fails). Throws
 * CAPTCHA_REPLAYED, which rolls the caller's transaction back.
 */
export async function consumeCaptcha(
  tx: Queryable,
  captcha: VerifiedCaptcha,
  cancellationNumber: string,
): Promise<void> {
  // An expired solution is refused before it gets here, so old rows are no longer needed.
  await tx.query(`delete from captcha_solutions where expires_at < now() - interval '1 day'`);
  const inserted = await tx.query(
    'insert into captcha_solutions (challenge_hash, cancellation_number, expires_at) values ($1, $2, $3) on conflict (challenge_hash) do nothing returning challenge_hash',
    [captcha.id, cancellationNumber, captcha.expiresAt.toISOString()],
  );
  if (inserted.length === 0) throw rejected('CAPTCHA_REPLAYED');
}
