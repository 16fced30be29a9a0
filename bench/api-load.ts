import { randomUUID } from 'node:crypto';
import type { createServer } from 'node:http';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
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

async function load(url: string, options: { connections: number; duration: number; requests?: Parameters<typeof autocannon>[0]['requests'] }) {
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, requests: options.requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** A bare Hono hello-world on the same machine and runtime: the ceiling the API is compared with. */
async function bareHono(): Promise<{ url: string; close: () => void }> {
  const port = await freePort();
  const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as ReturnType<typeof createServer>;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** Runs the API under load on one database kind: claims + skus, the payment path, and bare Hono. */
export async function measureApiLoad(database: 'pglite' | 'postgres', env: NodeJS.ProcessEnv, connections = 100, duration = 10): Promise<LoadFigure[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const bare = await bareHono();
  try {
    await waitForHttp(`${base}/api/health`, 60_000, server);
    const cookie = await signIn(base, 'active-us');
    const uid = '5eed0000-0000-4000-8000-000000000003';
    const ceiling = await load(bare.url, { connections, duration });
    const readPath = await load(base, {
      connections,
      duration,
      requests: [
        { method: 'GET', path: '/api/users/claims', headers: { cookie } },
        { method: 'GET', path: '/api/skus?countryCD=US&sellPageOnly=true', headers: { cookie } },
      ],
    });
    const paymentPath = await load(base, {
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/payments',
          headers: { cookie, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            // A fresh checkout each time: the add-on SKU sells even to an active subscriber.
            body: JSON.stringify({ user_uid: uid, sku_id: 122, session_guid: randomUUID(), payment_method: 'CRCD', card_type: 'VISA', last_four_digits: '4242' }),
          }),
        },
      ],
    });
    const figure = (target: string, r: Awaited<ReturnType<typeof load>>, ratio: boolean): LoadFigure => ({
      target,
      database,
      connections,
      durationSeconds: duration,
      requestsPerSecond: Math.round(r.rps),
      p50Ms: r.p50,
      p99Ms: r.p99,
      errors: r.errors,
      ratioToBareHono: ratio ? Math.round((r.rps / ceiling.rps) * 1000) / 1000 : null,
    });
    return [figure('bare Hono hello-world', ceiling, false), figure('claims + skus', readPath, true), figure('payment (POST /api/payments)', paymentPath, true)];
  } finally {
    bare.close();
    await stopServer(server);
  }
}
