/** Builds the front end, starts the server on a free port with a fresh database, runs Playwright. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureChromium, freePort, run, startServer, stopServer, waitForHttp } from './lib';

const chrome = ensureChromium();
run('npx', ['vite', 'build', '--logLevel', 'warn']);

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_CAPTCHA: '1000' });
async function runPlaywright(): Promise<number> {
  try {
    await waitForHttp(`${baseUrl}/api/health`, 60_000, server);
    const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, ...(chrome ? { CHROME_PATH: chrome } : {}) },
    });
    return result.status ?? 1;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(await runPlaywright());
