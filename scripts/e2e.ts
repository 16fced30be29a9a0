/**
 * Builds the front end (unless `npm test` just did), starts the server on a free port with a fresh database, runs Playwright.
 * The database is a new one on the PostgreSQL server DATABASE_URL names (as `npm test` and CI
 * start one), dropped afterwards; without one, a PGlite data folder. The server answers several
 * browsers at once much faster on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database';
import { ensureChromium, freePort, frontEndIsBuilt, run, startServer, stopServer, waitForHttp } from './lib';

const chrome = ensureChromium();
if (!frontEndIsBuilt()) run('npx', ['vite', 'build', '--logLevel', 'warn']);

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-'));
const databaseUrl = process.env.DATABASE_URL ? await createScratchDatabase() : '';
if (databaseUrl)
  console.log(
    `The browser suites run on a new database of the PostgreSQL server at ${new URL(process.env.DATABASE_URL!).host}.`,
  );
const baseUrl = `http://127.0.0.1:${port}`;
// Errors only: the browser suites fail on any unexpected error (a 500) the server logged.
const server = startServer(
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    RATE_LIMIT_CAPTCHA: '1000',
    RATE_LIMIT_CANCELLATION: '1000',
    RATE_LIMIT_FRESH_PERSONA: '2000',
  },
  'pipe',
);
const unexpectedErrors: string[] = [];
let pending = '';
server.stdout!.on('data', (chunk: Buffer) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    if (line.includes('"unexpected error"')) unexpectedErrors.push(line);
    else if (line.trim()) console.log(line);
  }
});
async function runPlaywright(): Promise<number> {
  try {
    // A loaded machine can take well over a minute to start the server and seed a fresh database.
    await waitForHttp(`${baseUrl}/api/health`, 180_000, server);
    const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      // The server's PostgreSQL database, for a spec that checks what it shows against a direct SQL count.
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        ...(databaseUrl ? { E2E_DATABASE_URL: databaseUrl } : {}),
        ...(chrome ? { CHROME_PATH: chrome } : {}),
      },
    });
    return result.status ?? 1;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropScratchDatabase(databaseUrl);
  }
}
const status = await runPlaywright();
if (unexpectedErrors.length > 0) {
  console.error(`\n✗ The server answered ${unexpectedErrors.length} request(s) with 500 during the browser suites:`);
  for (const line of unexpectedErrors) console.error(line);
  process.exit(1);
}
process.exit(status);
