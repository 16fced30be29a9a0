import type { Queryable } from '../db/database';

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
}

/** The e-mails waiting in the outbox, newest first; optionally only those to one address. */
export async function listOutbox(db: Queryable, options: { limit: number; to?: string }): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select id::text, to_address, subject, body, created_at from outbox_emails
     where ($2::text is null or lower(to_address) = lower($2)) order by created_at desc, id desc limit $1`,
    [options.limit, options.to ?? null],
  );
}
