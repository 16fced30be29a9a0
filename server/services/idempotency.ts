import type { Queryable } from '../db/database';
import type { ApiError } from '../http/errors';

/**
 * How one keyed write finds what an earlier call with its key stored. A person repeating a call
 * gets the first answer again; a key somebody else used is refused.
 */
export interface KeyedWrite<Stored, Answer> {
  /** Calls with the same lock wait for each other until their transaction ends; omit it when the caller holds a lock already. */
  lock?: string;
  find: () => Promise<Stored | undefined>;
  ownerOf: (stored: Stored) => string;
  userUid: string;
  /** The error for a key that belongs to another person (a 409). */
  inUse: () => ApiError;
  replay: (stored: Stored) => Answer | Promise<Answer>;
}

/** Answers the stored result of a key, or runs the write (which stores its own result) when the key is new. */
export async function replayOrRun<Stored, Answer>(
  tx: Queryable,
  write: KeyedWrite<Stored, Answer>,
  run: () => Promise<Answer>,
): Promise<Answer> {
  if (write.lock !== undefined) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [write.lock]);
  const stored = await write.find();
  if (stored !== undefined) {
    if (write.ownerOf(stored) !== write.userUid) throw write.inUse();
    return write.replay(stored);
  }
  return run();
}

export type IdempotencyScope = 'payment' | 'document-email';

interface KeyedAnswer<Answer> {
  user_uid: string;
  response: Answer;
}

/** The answer stored under a key of the shared idempotency table. */
export async function findKeyedAnswer<Answer>(
  tx: Queryable,
  scope: IdempotencyScope,
  key: string,
): Promise<KeyedAnswer<Answer> | undefined> {
  const [row] = await tx.query<KeyedAnswer<Answer>>(
    'select user_uid, response from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  return row;
}

export async function storeKeyedAnswer(
  tx: Queryable,
  scope: IdempotencyScope,
  key: string,
  userUid: string,
  answer: unknown,
): Promise<void> {
  await tx.query('insert into idempotency_keys (scope, key, user_uid, response) values ($1, $2, $3, $4)', [
    scope,
    key,
    userUid,
    JSON.stringify(answer),
  ]);
}
