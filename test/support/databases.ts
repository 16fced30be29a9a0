import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db';
import type { Database } from '../../server/db/database';

export type Target = 'pglite' | 'postgres';

/** PGlite always; a PostgreSQL server as well whenever DATABASE_URL names one. */
export const targets: Target[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Database;
  url?: string;
  dispose(): Promise<void>;
}

let seededImage: Promise<Blob> | undefined;
/** The seeded PGlite image the global setup wrote, read once per suite file. */
const seededPgliteImage = () => (seededImage ??= readFile(inject('seededPgliteImagePath')).then((bytes) => new Blob([bytes])));

/** A fresh, migrated and seeded database that nothing else uses. */
export async function openTestDatabase(target: Target): Promise<TestDatabase> {
  if (target === 'pglite') {
    const db = await openDatabase({ pgliteImage: await seededPgliteImage() });
    return { db, dispose: () => db.close() };
  }
  const url = await createScratchDatabase();
  const db = await openDatabase({ databaseUrl: url });
  return {
    db,
    url,
    async dispose() {
      await db.close();
      await dropScratchDatabase(url);
    },
  };
}

export async function createScratchDatabase(): Promise<string> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL is not set');
  const name = `rp_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(url: string): Promise<void> {
  const admin = process.env.DATABASE_URL!;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
