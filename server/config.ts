import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  apiBase: string;
  appBase: string;
  dashboardUrl: string;
  demoLogin: boolean;
  production: boolean;
  trustProxy: boolean;
  /** Extra origins allowed to send unsafe requests, besides the server's own. */
  allowedOrigins: string[];
  sessionDays: number;
  distDir: string;
  quiet: boolean;
  /** Requests allowed per client and window on the calls open to guests. */
  rateLimits: { cancellationRequest: number; guestTelemetry: number };
}

function normaliseBase(value: string): string {
  const trimmed = '/' + value.replace(/^\/+|\/+$/g, '');
  return trimmed === '/' ? '' : trimmed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? '.data/pglite'),
    apiBase: normaliseBase(env.API_BASE ?? '/api'),
    appBase: '/payment',
    dashboardUrl: env.DASHBOARD_URL ?? '/dashboard',
    demoLogin: production ? env.DEMO_LOGIN === '1' : env.DEMO_LOGIN !== '0',
    production,
    trustProxy: env.TRUST_PROXY === '1',
    allowedOrigins: (env.APP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    quiet: env.LOG_LEVEL === 'silent',
    rateLimits: {
      cancellationRequest: Number(env.RATE_LIMIT_CANCELLATION ?? 20),
      guestTelemetry: Number(env.RATE_LIMIT_TELEMETRY ?? 600),
    },
  };
}
