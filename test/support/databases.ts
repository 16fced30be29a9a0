import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db';
import type { Database } from '../../server/db/database';
import { createScratchDatabase, dropScratchDatabase } from '../../scripts/scratch-database';

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
const seededPgliteImage = () =>
  (seededImage ??= readFile(inject('seededPgliteImagePath')).then((bytes) => new Blob([bytes])));

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
