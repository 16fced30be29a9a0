import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
import { signIn } from './session';

export interface BenchApp {
  base: string;
  /** The session cookie (`rp_session=...`) of a demo persona; signed in once, then reused. */
  cookieFor: (persona: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** The built app on a free loopback port with a fresh database, for the browser measurements. */
export async function startBenchApp(distDir: string): Promise<BenchApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-bench-app-'));
  const server = startServer({ DIST_DIR: distDir, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const cookies = new Map<string, Promise<string>>();
  const stop = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/payment/pricing`, 180_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    cookieFor: (persona) => {
      if (!cookies.has(persona)) cookies.set(persona, signIn(base, persona));
      return cookies.get(persona)!;
    },
    stop,
  };
}
