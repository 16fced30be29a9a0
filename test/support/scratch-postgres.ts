import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = 'scripts/postgres-scratch.sh';
const VERSIONS_DIR = '/usr/lib/postgresql';

/** Whether Debian's PostgreSQL server binaries (initdb, pg_ctl) are installed. */
export function hasPostgresBinaries(): boolean {
  return (
    existsSync(VERSIONS_DIR) &&
    readdirSync(VERSIONS_DIR).some((version) => existsSync(`${VERSIONS_DIR}/${version}/bin/initdb`))
  );
}

export interface ScratchPostgres {
  url: string;
  /** Stops the server at once, as a crash would (no session finishes what it was doing), keeping its data and port. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  dispose(): Promise<void>;
}

/** A throw-away PostgreSQL server of its own on a free loopback port (scripts/postgres-scratch.sh). */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const { stdout } = await run('bash', [SCRIPT, 'start']);
  const url = /DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  const dir = /PG_SCRATCH_DIR=(\S+)/.exec(stdout)?.[1];
  if (!url || !dir) throw new Error(`${SCRIPT} start printed no URL: ${stdout}`);
  const step = async (command: string) => void (await run('bash', [SCRIPT, command, dir]));
  return { url, halt: () => step('halt'), resume: () => step('resume'), dispose: () => step('stop') };
}
