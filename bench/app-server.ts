import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
import { signIn } from './session';
import { TIME_ZONE_COOKIE } from '../src/domain/time-zone';

/**
 * Someone signed in has been through the app in this browser, which keeps the browser's time zone
 * in a cookie; the measured Chromium runs in this machine's zone, as this process does.
 */
const BROWSER_TIME_ZONE_COOKIE = `${TIME_ZONE_COOKIE}=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;

export interface BenchApp {
  base: string;
  /**
   * The cookies a signed-in persona's browser carries (`rp_session=...; tz=...`): the session,
   * signed in once and then reused, and the time zone the app keeps once it has run in a browser.
   */
  cookieFor: (persona: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * The built app on a free loopback port with a fresh database, for the browser measurements: in
 * demo mode (personas sign in by name, testers get their panel), or as shoppers get it (`shopper`),
 * where a guest's sell page is drawn at rest.
 */
export async function startBenchApp(distDir: string, { shopper = false } = {}): Promise<BenchApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-bench-app-'));
  const server = startServer({
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DEMO_LOGIN: shopper ? '0' : '1',
  });
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
      if (!cookies.has(persona))
        cookies.set(
          persona,
          signIn(base, persona).then((session) => `${session}; ${BROWSER_TIME_ZONE_COOKIE}`),
        );
      return cookies.get(persona)!;
    },
    stop,
  };
}
