import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
import { load } from './load';
import { startReferenceServer } from './reference-server';
import { signIn } from './session';

export interface LoadFigure {
  target: string;
  database: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ratioToBareHono: number | null;
}

/**
 * The API's read path under load, next to bare Hono. Both run in a process of their own, started
 * the same way, and are loaded one after the other from this process.
 */
export async function measureReadLoad(
  database: 'pglite' | 'postgres',
  env: NodeJS.ProcessEnv,
  connections = 100,
  duration = 10,
): Promise<LoadFigure[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const bare = await startReferenceServer(null);
  try {
    await waitForHttp(`${base}/api/health`, 180_000, server);
    const cookie = await signIn(base, 'active-us');
    const ceiling = await load(`${bare.base}/`, { connections, duration });
    const readPath = await load(base, {
      connections,
      duration,
      requests: [
        { method: 'GET', path: '/api/users/claims', headers: { cookie } },
        { method: 'GET', path: '/api/skus?countryCD=US&sellPageOnly=true', headers: { cookie } },
      ],
    });
    const figure = (target: string, r: Awaited<ReturnType<typeof load>>, ratio: boolean): LoadFigure => ({
      target,
      database,
      connections,
      durationSeconds: duration,
      requestsPerSecond: r.requestsPerSecond,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      errors: r.errors,
      ratioToBareHono: ratio ? Math.round((r.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000 : null,
    });
    return [figure('bare Hono hello-world (own process)', ceiling, false), figure('claims + skus', readPath, true)];
  } finally {
    await bare.stop();
    await stopServer(server);
  }
}
