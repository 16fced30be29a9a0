/**
 * A database of its own on the PostgreSQL server DATABASE_URL names: for an API suite, or for
 * the browser suites' server (scripts/e2e.ts). Dropped by the one who made it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
