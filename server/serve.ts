import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { startupFailure } from './db/startup';
import { createLogger } from './http/logger';
import { keepConnectionsOpen } from './http/keep-alive';
import { pruneRateLimits } from './http/rate-limit';
import { startRenewalRuns } from './services/renewal-runs';

const config = loadConfig();
const log = config.logLevel === 'silent' ? undefined : (line: string) => process.stdout.write(`${line}\n`);
const serverLog = createLogger(log, config.logLevel);
const { connectTimeoutMs, queryTimeoutMs, startupWaitMs } = config.database;
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  connectTimeoutMs,
  queryTimeoutMs,
  startupWaitMs,
  log: (line) => serverLog.warn({ component: 'database' }, line),
})
  .then(async (opened) => {
    await pruneRateLimits(opened);
    return opened;
  })
  .catch((error: unknown) => {
    const line = startupFailure(error, config.databaseUrl);
    if (!line) throw error;
    console.error(line);
    process.exit(1);
  });
const app = createApp({ db, config, log });
const renewals = startRenewalRuns(db, config.renewalEverySeconds, serverLog);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  serverLog.info(
    `Serving on http://localhost:${info.port}${config.appBase}/ (API ${config.apiBase || '/'}, ${db.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
  );
});
keepConnectionsOpen(server as Server);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await renewals.stop();
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
