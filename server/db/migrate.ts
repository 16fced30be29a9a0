import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export function listMigrations(): { version: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(migrationsDir + name, 'utf8') }));
}

/**
 * Applies pending migrations in order, each in its own transaction. An advisory lock keeps
 * two server processes that start together on one Postgres from applying the same one twice.
 */
export async function migrate(db: Database): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(774411)');
    await tx.query(`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
    );
    for (const migration of listMigrations()) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
      applied.push(migration.version);
    }
  });
  return applied;
}

/**
 * A migration's statements: each ends with a semicolon at the end of a line. Inside a
 * dollar-quoted body (a function's), semicolons belong to the body and split nothing.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let openQuote: string | null = null;
  for (const line of sql.split('\n')) {
    for (const tag of line.match(/\$[A-Za-z_]*\$/g) ?? []) {
      if (openQuote === null) openQuote = tag;
      else if (tag === openQuote) openQuote = null;
    }
    current.push(line);
    if (openQuote === null && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
