import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { freePort, startServer, stopServer, waitForHttp } from '../../scripts/lib';
import { seededDataDir } from './seeded-data-dir';

/** A real server process on one PGlite data folder, seeded already, that a test can stop and start again. */
export function restartableServer(prefix: string) {
  const dataDir = seededDataDir(prefix);
  let server: ChildProcess | undefined;
  return {
    /**
     * Starts (again) on a free loopback port; resolves to its base URL once it answers. A server
     * still running is stopped first: two processes must never share the data folder.
     */
    async start(): Promise<string> {
      await this.stop();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      });
      await waitForHttp(`${base}/api/health`, 60_000, server);
      return base;
    },
    async stop(): Promise<void> {
      if (server) await stopServer(server);
      server = undefined;
    },
    async dispose(): Promise<void> {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
