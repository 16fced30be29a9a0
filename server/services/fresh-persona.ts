/**
 * Brand-new copies of a demo persona, for demos and browser tests that must change a person
 * (pay, cancel) without spending the shared persona every later test expects untouched.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { seedPersona } from '../db/seed';
import { PERSONAS } from '../db/seed/personas';

/** Copies are numbered from 1; their account ids are 700000000 + that number, apart from the seeds' 1000000xx. */
const FIRST_COPY_ACCOUNT = 700_000_000;

export interface FreshCopy {
  user_uid: string;
  account_id: string;
  email_address: string;
  sub_role: string | null;
  acc_display_name: string | null;
}

/**
 * The uid keeps the seeds' shape (`5eed…-4000-8000-…`) so the documents seeded for the copy get
 * ids derived from it the same way as the persona's own.
 */
const copyUid = () => {
  const hex = randomBytes(10).toString('hex');
  return `5eed${hex.slice(0, 4)}-${hex.slice(4, 8)}-4000-8000-${hex.slice(8, 20)}`;
};

/** Seeds a new user from the persona's seed (history, documents, preferences); null for an unknown persona. */
export async function createFreshCopy(db: Database, personaId: string, now = Date.now()): Promise<FreshCopy | null> {
  const seed = PERSONAS.find((p) => p.persona_id === personaId);
  if (!seed) return null;
  return db.transaction(async (tx) => {
    // Two copies made at once must not take the same number.
    await tx.query('select pg_advisory_xact_lock(774413)');
    const [{ n } = { n: 1 }] = await tx.query<{ n: number }>(
      `select (coalesce(max(account_id::bigint), $1) - $1 + 1)::int as n from users where account_id ~ '^7[0-9]{8}$'`,
      [FIRST_COPY_ACCOUNT],
    );
    const [local, domain] = seed.email_address.split('@');
    const copy = {
      ...seed,
      persona_id: null,
      user_uid: copyUid(),
      account_id: String(FIRST_COPY_ACCOUNT + n),
      email_address: `${local}+${n}@${domain}`,
      party_id: 82_000_000 + n,
    };
    await seedPersona(tx, copy, now);
    const [row] = await tx.query<{ sub_role: string | null; acc_display_name: string | null }>(
      'select sub_role, acc_display_name from users where user_uid = $1',
      [copy.user_uid],
    );
    return {
      user_uid: copy.user_uid,
      account_id: copy.account_id,
      email_address: copy.email_address,
      sub_role: row!.sub_role,
      acc_display_name: row!.acc_display_name,
    };
  });
}
