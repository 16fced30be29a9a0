import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, stopServer, waitForHttp } from '../../scripts/lib';

export interface ShopperServer {
  base: string;
  stop: () => Promise<void>;
}

/**
 * A second server, as shoppers get it: outside demo mode (the suite's own server is in demo mode,
 * where testers get the app at once), so a guest's sell page is drawn at rest. It serves the same
 * build, on the suite's PostgreSQL database when there is one (read only here), else a new PGlite folder.
 */
export async function startShopperServer(): Promise<ShopperServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-shopper-'));
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    NODE_ENV: 'test',
    DEMO_LOGIN: '0',
    LOG_LEVEL: 'error',
    DB_STARTUP_WAIT_MS: '0',
    RENEWAL_EVERY_SECONDS: '0',
  });
  const stop = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, 120_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
