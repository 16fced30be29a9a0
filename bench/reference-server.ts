import { spawn } from 'node:child_process';
import { freePort, stopServer, waitForHttp } from '../scripts/lib';

export interface ReferenceServer {
  base: string;
  stop: () => Promise<void>;
}

/** Starts bench/bare-server.ts in its own process, the way the app's server is started. */
export async function startReferenceServer(floorDist: string | null): Promise<ReferenceServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', FLOOR_DIST: floorDist ?? '', NODE_ENV: 'test' },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/`, 30_000, child);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { base, stop: () => stopServer(child) };
}
