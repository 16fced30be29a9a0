import { resolve } from 'node:path';
import { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_QUERY_TIMEOUT_MS } from './db/postgres';
import { SESSION_CACHE_TTL_MS } from './http/session-cache';
import { LOG_LEVELS, type LogLevel } from './http/log-level';

const logLevelFrom = (value: string | undefined): LogLevel => LOG_LEVELS.find((level) => level === value) ?? 'info';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  apiBase: string;
  appBase: string;
  dashboardUrl: string;
  demoLogin: boolean;
  /** The API reference page at {apiBase}/docs (API_DOCS); the OpenAPI document itself is always served. */
  apiDocs: boolean;
  production: boolean;
  trustProxy: boolean;
  /** Extra origins allowed to send unsafe requests, besides the server's own. */
  allowedOrigins: string[];
  /** Partner sites that may show the app's pages in a frame (the affiliate flow); none by default. */
  affiliateOrigins: string[];
  sessionDays: number;
  /** How long this process may reuse a session lookup (SESSION_CACHE_MS); 0 turns the session cache off. */
  sessionCacheMs: number;
  distDir: string;
  /** LOG_LEVEL: silent, error, warn, info (the default) or debug. */
  logLevel: LogLevel;
  /** Requests allowed per client and window on the calls open to guests. */
  rateLimits: { cancellationRequest: number; guestTelemetry: number; captchaChallenge: number; freshPersona: number };
  captcha: CaptchaConfig;
  database: DatabaseTimeouts;
  /** How often the renewal run charges the plans that are due (RENEWAL_EVERY_SECONDS); 0 turns it off. */
  renewalEverySeconds: number;
  /** The flow explorer (/flows and the reads under {apiBase}/flows): on outside production, in production only with FLOWS_EXPLORER=1. */
  flowsExplorer: boolean;
  /** FLOWS_TOKEN: when set, the explorer and its reads need it (a bearer header, or the cookie /flows?token= sets). */
  flowsToken: string | undefined;
}

/** How long the server waits for PostgreSQL, so that an outage answers 503 quickly instead of hanging. */
export interface DatabaseTimeouts {
  /** DB_CONNECT_TIMEOUT_MS: for a connection, a new one or a free one from the pool. */
  connectTimeoutMs: number;
  /** DB_QUERY_TIMEOUT_MS: for one statement (statement_timeout); 0 means no limit. */
  queryTimeoutMs: number;
  /** DB_HEALTH_TIMEOUT_MS: for the database check of GET /api/health. */
  healthTimeoutMs: number;
  /** DB_STARTUP_WAIT_MS: how long start-up keeps trying an unreachable server before it exits; 0 tries once. */
  startupWaitMs: number;
}

/** The ALTCHA proof-of-work captcha on the logged-out cancellation request. */
export interface CaptchaConfig {
  /** CAPTCHA_HMAC_KEY; unset means the key made once per database (table server_secrets). */
  hmacKey: string | undefined;
  /** How long a challenge can be solved and used: it carries its expiry, signed. */
  ttlSeconds: number;
  /** PBKDF2/SHA-256 iterations per attempt. */
  cost: number;
  /** The solving counter is drawn from this range: the browser tries about this many keys. */
  counterMin: number;
  counterMax: number;
}

export const CAPTCHA_MIN_KEY_LENGTH = 32;

function normaliseBase(value: string): string {
  const trimmed = '/' + value.replace(/^\/+|\/+$/g, '');
  return trimmed === '/' ? '' : trimmed;
}

/** A comma list of http(s) origins; anything else (a wildcard, a path, a scheme source) is dropped. */
function originList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => {
      try {
        const url = new URL(s);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === s;
      } catch {
        return false;
      }
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const captchaKey = env.CAPTCHA_HMAC_KEY || undefined;
  if (captchaKey !== undefined && captchaKey.length < CAPTCHA_MIN_KEY_LENGTH) {
    throw new Error(
      `CAPTCHA_HMAC_KEY must be at least ${CAPTCHA_MIN_KEY_LENGTH} characters (a random secret); leave it unset to use the key kept in the database.`,
    );
  }
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? '.data/pglite'),
    apiBase: normaliseBase(env.API_BASE ?? '/api'),
    appBase: '/payment',
    dashboardUrl: env.DASHBOARD_URL ?? '/dashboard',
    demoLogin: production ? env.DEMO_LOGIN === '1' : env.DEMO_LOGIN !== '0',
    apiDocs: production ? env.API_DOCS === '1' : env.API_DOCS !== '0',
    production,
    trustProxy: env.TRUST_PROXY === '1',
    allowedOrigins: (env.APP_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    affiliateOrigins: originList(env.AFFILIATE_ORIGINS),
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? SESSION_CACHE_TTL_MS),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    logLevel: logLevelFrom(env.LOG_LEVEL),
    rateLimits: {
      cancellationRequest: Number(env.RATE_LIMIT_CANCELLATION ?? 20),
      guestTelemetry: Number(env.RATE_LIMIT_TELEMETRY ?? 600),
      captchaChallenge: Number(env.RATE_LIMIT_CAPTCHA ?? 60),
      freshPersona: Number(env.RATE_LIMIT_FRESH_PERSONA ?? 300),
    },
    captcha: {
      hmacKey: captchaKey,
      ttlSeconds: Number(env.CAPTCHA_TTL_SECONDS ?? 600),
      // About 400 PBKDF2 runs of 1,000 iterations on average: a few hundred milliseconds in a
      // browser's workers, a tiny bit of work to sign and to check on the server.
      cost: 1_000,
      counterMin: 100,
      counterMax: 700,
    },
    database: {
      connectTimeoutMs: Number(env.DB_CONNECT_TIMEOUT_MS ?? POSTGRES_CONNECT_TIMEOUT_MS),
      queryTimeoutMs: Number(env.DB_QUERY_TIMEOUT_MS ?? POSTGRES_QUERY_TIMEOUT_MS),
      healthTimeoutMs: Number(env.DB_HEALTH_TIMEOUT_MS ?? 1_000),
      startupWaitMs: Number(env.DB_STARTUP_WAIT_MS ?? 60_000),
    },
    renewalEverySeconds: Number(env.RENEWAL_EVERY_SECONDS ?? 300),
    flowsExplorer: production ? env.FLOWS_EXPLORER === '1' : env.FLOWS_EXPLORER !== '0',
    flowsToken: env.FLOWS_TOKEN || undefined,
  };
}
