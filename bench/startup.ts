import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';

/** From launching the server on a built tree to the first 200 on /payment/pricing. */
export async function measureStartup(env: NodeJS.ProcessEnv): Promise<{ coldMs: number; warmMs: number }> {
  const once = async () => {
    const port = await freePort();
    const started = performance.now();
    const server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/payment/pricing`, 180_000, server);
      return Math.round(performance.now() - started);
    } finally {
      await stopServer(server);
    }
  };
  // The first start creates and seeds the database; the second opens an existing one.
  const coldMs = await once();
  const warmMs = await once();
  return { coldMs, warmMs };
}
