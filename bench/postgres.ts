import { spawnSync } from 'node:child_process';

/**
 * Runs `measure` with an admin URL of a PostgreSQL server: DATABASE_URL when set, else a
 * throw-away server from scripts/postgres-scratch.sh, stopped afterwards. Answers 'ran', or why not.
 */
export async function withPostgres(measure: (adminUrl: string) => Promise<void>): Promise<string> {
  if (process.env.DATABASE_URL) {
    await measure(process.env.DATABASE_URL);
    return 'ran';
  }
  const started = spawnSync('bash', ['scripts/postgres-scratch.sh', 'start'], { encoding: 'utf8' });
  if (started.status !== 0)
    return `no PostgreSQL server (${started.stderr.trim() || 'scripts/postgres-scratch.sh failed'})`;
  const url = /DATABASE_URL=(\S+)/.exec(started.stdout)?.[1];
  const dir = /PG_SCRATCH_DIR=(\S+)/.exec(started.stdout)?.[1];
  try {
    if (!url) return 'scripts/postgres-scratch.sh printed no URL';
    await measure(url);
    return 'ran';
  } finally {
    if (dir) spawnSync('bash', ['scripts/postgres-scratch.sh', 'stop', dir], { stdio: 'inherit' });
  }
}
