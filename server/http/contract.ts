import type { Context, MiddlewareHandler } from 'hono';
import type { input, output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { AppEnv } from './env';
import { unauthorized } from './errors';
import { checkSession } from './session';
import { DEFAULT_BODY_LIMIT, LARGEST_BODY_LIMIT, limitBody } from './body-limit';
import { enforceRateLimit, type RateLimitRule } from './rate-limit';
import { checkMediaType, JSON_MEDIA_TYPES, readJson, readParams, readQuery } from './validate';

/** Who may call: anyone, with or without a session (`guest`), or only a signed-in user (`user`, else 401). */
export type Audience = 'guest' | 'user';

/** The error statuses a handler itself may answer, each with the one error body (apiErrorBody). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** An answer that is not JSON: a page, a file, a redirect or nothing at all. */
export interface OtherResponse {
  description: string;
  /** Media type to the schema of its body; null where the body is not described further (HTML, PDF). */
  content?: Record<string, $ZodType | null>;
  /** Header name to what it carries. */
  headers?: Record<string, string>;
}

/** A JSON body's schema, another kind of answer, or null for an empty one. */
export type ResponseSpec = $ZodType | OtherResponse | null;

export interface ContractSpec<P, Q, B> {
  summary: string;
  description?: string;
  /** Defaults to the path's first segment under the API base (the resource). */
  tags?: string[];
  auth: Audience;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The media types the body may be sent in, each carrying JSON text: `application/json` unless
   * a client sends another on purpose. Any other is refused with 415 before the body is parsed.
   */
  bodyMediaTypes?: readonly string[];
  /** Every answer other than the error body, by status. */
  responses: Partial<Record<number, ResponseSpec>>;
  /** The error statuses the handler answers; those the contract itself answers are added (see below). */
  errors?: ErrorStatus[];
  /** Counted before anything is read, so a flood of junk is limited too; undefined means no limit for this caller. */
  rateLimit?: (c: Context<AppEnv>) => RateLimitRule | undefined;
  /** Largest body in bytes, refused with 413 before it is parsed. */
  bodyLimit?: number;
  /**
   * The handler checks the session cookie in its own statement, when the session middleware left
   * it unchecked (`uncheckedSession`). Any other route has it checked here, before the handler.
   */
  checksOwnSession?: boolean;
}

export interface Contract extends ContractSpec<$ZodType | undefined, $ZodType | undefined, $ZodType | undefined> {
  /** All error statuses, the handler's and the contract's own. */
  errors: ErrorStatus[];
}

type Targets<P, Q, B, T extends 'input' | 'output'> = (P extends $ZodType
  ? { param: T extends 'input' ? input<P> : output<P> }
  : object) &
  (Q extends $ZodType ? { query: T extends 'input' ? input<Q> : output<Q> } : object) &
  (B extends $ZodType ? { json: T extends 'input' ? input<B> : output<B> } : object);

export type ContractInput<P, Q, B> = { in: Targets<P, Q, B, 'input'>; out: Targets<P, Q, B, 'output'> };

const contracts = new WeakMap<object, Contract>();

/** Hono keeps the handler it wrapped (a sub-app with its own onError) under this key. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/** The contract a route handler carries, if it is one. */
export function contractOf(handler: unknown): Contract | undefined {
  if (typeof handler !== 'function') return undefined;
  return contracts.get(handler) ?? contractOf((handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]);
}

/**
 * One declaration per route: it validates the input (path, query, then body) with the shared
 * schemas, so the handler reads it with c.req.valid('param' | 'query' | 'json'), and it is what
 * the OpenAPI document is generated from.
 */
export function contract<
  P extends $ZodType | undefined = undefined,
  Q extends $ZodType | undefined = undefined,
  B extends $ZodType | undefined = undefined,
>(spec: ContractSpec<P, Q, B>): MiddlewareHandler<AppEnv, string, ContractInput<P, Q, B>> {
  const own: ErrorStatus[] = [
    ...(spec.params || spec.query || spec.body ? [400 as const] : []),
    ...(spec.auth === 'user' ? [401 as const] : []),
    ...(spec.body ? [413 as const, 415 as const] : []),
    ...(spec.rateLimit ? [429 as const] : []),
  ];
  const errors = [...new Set([...(spec.errors ?? []), ...own])].sort((a, b) => a - b);
  if ((spec.bodyLimit ?? 0) > LARGEST_BODY_LIMIT)
    throw new Error(
      `a body limit above ${LARGEST_BODY_LIMIT} bytes would never be reached: every request is cut off there`,
    );
  const limitThisBody = limitBody(spec.bodyLimit ?? DEFAULT_BODY_LIMIT);
  const mediaTypes = (spec.bodyMediaTypes ?? JSON_MEDIA_TYPES).map((type) => type.toLowerCase());

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const rule = spec.rateLimit?.(c);
    if (rule) await enforceRateLimit(c, rule);
    if (spec.params) c.req.addValidatedData('param', readParams(c, spec.params) as object);
    if (spec.query) c.req.addValidatedData('query', readQuery(c, spec.query) as object);
    if (spec.body) {
      const body = spec.body;
      await limitThisBody(c, async () => {
        await checkMediaType(c, mediaTypes);
        c.req.addValidatedData('json', (await readJson(c, body)) as object);
      });
    }
    if (!spec.checksOwnSession) await checkSession(c);
    if (spec.auth === 'user' && !c.get('user') && !c.get('uncheckedSession')) throw unauthorized();
    await next();
  };
  contracts.set(middleware, { ...spec, errors, ...(spec.body ? { bodyMediaTypes: mediaTypes } : {}) } as Contract);
  return middleware as MiddlewareHandler<AppEnv, string, ContractInput<P, Q, B>>;
}

/**
 * The routes, as `METHOD /full/path`, whose contract says the handler checks its own session: the
 * session middleware leaves their cookie unchecked. Their paths are matched as they are, so such a
 * route may not have parameters in its path.
 */
export function routesCheckingOwnSession(
  routes: readonly { method: string; path: string; handler: unknown }[],
): Set<string> {
  const flagged = routes.filter((route) => contractOf(route.handler)?.checksOwnSession);
  const withParameters = flagged.find((route) => route.path.includes(':') || route.path.includes('*'));
  if (withParameters)
    throw new Error(
      `${withParameters.method} ${withParameters.path}: a route that checks its own session is matched by its exact path, so it cannot have parameters`,
    );
  return new Set(flagged.map((route) => `${route.method} ${route.path}`));
}

/** An HTML page, described in words (its markup has no schema). */
export const htmlPage = (description: string): OtherResponse => ({ description, content: { 'text/html': null } });
/** A redirect: Location, and any other headers it sets. */
export const redirect = (description: string, headers: Record<string, string> = {}): OtherResponse => ({
  description,
  headers: { Location: 'Where to go next.', ...headers },
});
export const isOtherResponse = (spec: ResponseSpec): spec is OtherResponse => spec !== null && !('_zod' in spec);
