/**
 * Every query parameter the app reads (spec §2 "Query parameters read", §5), parsed in one
 * zod schema. Invalid values are dropped, never thrown; unknown parameters are left out.
 *
 * `validateSearch` plugs into TanStack Router. Its output goes back into URLs when the
 * router builds links, so every output value is a string, number or boolean that parses
 * back to itself (`parseQueryParams(parseQueryParams(x)) == parseQueryParams(x)`):
 * - `runtest` and `test_ff` stay text in a canonical form; `queryFlags()` gives them typed;
 * - `mailto` is decoded from base64 to the e-mail; an already decoded valid e-mail is
 *   accepted as it is, so a round trip through the router keeps it.
 *
 * Parameter names are matched case-insensitively (`countryCD` is `countrycd`); when a
 * name is repeated, the first value counts.
 */
import * as z from 'zod/mini';
import { isValidEmail, normaliseEmail } from '../../machines/validation.rules';
import { buildCookie, expireCookie, readCookie, safeDecode, type CookieOptions } from './cookies';
import {
  formatRunTest,
  formatTestFlagOverrides,
  parseRunTest,
  parseTestFlagOverrides,
  type FlagOverride,
  type ForcedVariation,
} from './experiments';
import { readItem, removeItem, writeItem, type KeyValueStorage } from './storage';

const text = z.string().check(z.trim());
/** Trimmed text that matches `pattern`. */
const textMatching = (pattern: RegExp) => text.check(z.regex(pattern));
/** Letters, digits and `. _ ~ -`: safe to put back in a URL or a class name. */
const token = textMatching(/^[A-Za-z0-9._~-]{1,64}$/);
const lowerToken = z.pipe(
  token,
  z.transform((v) => v.toLowerCase()),
);
/** Present with `true` (any case) → true; any other value is dropped. */
const onlyTrue = z.pipe(
  textMatching(/^true$/i),
  z.transform(() => true as const),
);
/** true/false/1/0 in any case. */
const onOff = z.pipe(
  textMatching(/^(true|false|1|0)$/i),
  z.transform((v) => v === '1' || v.toLowerCase() === 'true'),
);
const countryCode = z.pipe(
  textMatching(/^[A-Za-z]{2}$/),
  z.transform((v) => v.toUpperCase()),
);
const stateCode = z.pipe(
  textMatching(/^[A-Za-z0-9]{1,3}$/),
  z.transform((v) => v.toUpperCase()),
);
const guid = z.pipe(
  textMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i).check(
    z.refine((v) => !/^[0-]+$/.test(v), 'the empty GUID counts as missing'),
  ),
  z.transform((v) => v.toLowerCase()),
);

/** Decodes a base64 (or base64url) e-mail; `+` turned into a space by form decoding is repaired. */
export function decodeMailto(raw: string): string | null {
  let value = raw.trim();
  if (value.includes('%')) value = safeDecode(value) ?? value;
  if (value.includes('@')) return isValidEmail(value) ? normaliseEmail(value) : null;
  let b64 = value.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length > 400) return null;
  b64 = b64.replace(/=+$/, '');
  if (b64.length % 4 === 1) return null;
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return isValidEmail(decoded) ? normaliseEmail(decoded) : null;
  } catch {
    return null;
  }
}

/** Base64 of an e-mail, for building links that carry `mailto`. */
export function encodeMailto(email: string): string {
  const bytes = new TextEncoder().encode(normaliseEmail(email));
  return btoa(String.fromCharCode(...bytes));
}

const mailto = z.pipe(
  text,
  z.transform((v, ctx) => {
    const email = decodeMailto(v);
    if (email === null) {
      ctx.issues.push({ code: 'custom', message: 'mailto must be a base64 e-mail', input: v });
      return z.NEVER;
    }
    return email;
  }),
);

const runtest = z.pipe(
  text,
  z.transform((v, ctx) => {
    const forced = parseRunTest(v);
    if (!forced) {
      ctx.issues.push({ code: 'custom', message: 'runtest must be <ExperimentGUID>:<VariationIndex>', input: v });
      return z.NEVER;
    }
    return formatRunTest(forced);
  }),
);

const testFf = z.pipe(
  text,
  z.transform((v, ctx) => {
    const overrides = parseTestFlagOverrides(v);
    if (overrides.length === 0) {
      ctx.issues.push({ code: 'custom', message: 'test_ff must be name=value pairs', input: v });
      return z.NEVER;
    }
    return formatTestFlagOverrides(overrides);
  }),
);

/** `RSME` or a comma list such as `RSME,LETR` (the first is used for downloads). */
const doctype = z.pipe(
  textMatching(/^[A-Za-z0-9_]{1,16}(\s*,\s*[A-Za-z0-9_]{1,16}){0,9}$/),
  z.transform((v) => v.replace(/\s+/g, '')),
);

/** A database id: 1 to 15 digits without a leading zero, so it stays a safe integer. */
const positiveId = z.pipe(textMatching(/^[1-9]\d{0,14}$/), z.transform(Number));

const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** The schema of every parameter of §2; values arrive as text (see `validateSearch`). */
export const querySchema = z.object({
  mode: optional(lowerToken),
  type: optional(token),
  skt: optional(token),
  sbt: optional(token),
  /** save, winback, letr, J2C; `2` marks the job-apply flow. */
  flow: optional(token),
  w_flow: optional(token),
  j_id: optional(token),
  /** Canonical `name=true,name=false`; see `queryFlags().flagOverrides`. */
  test_ff: optional(testFf),
  reason: optional(token),
  offer: optional(token),
  paymenttype: optional(token),
  /** Lower-cased: `interviewblog` is the blog funnel. */
  from: optional(lowerToken),
  so: optional(token),
  docid: optional(guid),
  doctype: optional(doctype),
  /** The decoded, lower-cased e-mail. */
  mailto: optional(mailto),
  stylesheetname: optional(token),
  skinid: optional(token),
  bypasscncrprefcheck: optional(onlyTrue),
  force_show_tp_widget: optional(onOff),
  animatecv: optional(onOff),
  googleshoppingautodownload: optional(onOff),
  wlbdemo: optional(onOff),
  /** Experience in months (compared with the 60-month threshold). */
  exbo: optional(z.pipe(textMatching(/^\d{1,4}$/), z.transform(Number))),
  /** Present only as true: preview is on only for TRUE, in any case. */
  preview: optional(
    z.pipe(
      textMatching(/^true$/i),
      z.transform(() => true as const),
    ),
  ),
  /** Present only as false: the cache is skipped only for FALSE, in any case. */
  fromcache: optional(
    z.pipe(
      textMatching(/^false$/i),
      z.transform(() => false as const),
    ),
  ),
  /** 2-letter test-country override, upper-cased. */
  countrycd: optional(countryCode),
  ipcountrycd: optional(countryCode),
  ipstatecd: optional(stateCode),
  /** 1 or true turns every test off. */
  disabletests: optional(
    z.pipe(
      textMatching(/^(1|true)$/i),
      z.transform(() => true as const),
    ),
  ),
  /** Canonical `<guid>:<variation>`; see `queryFlags().runTest`. */
  runtest: optional(runtest),
  cultureslug: optional(
    z.pipe(
      textMatching(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/),
      z.transform((v) => v.toLowerCase()),
    ),
  ),
  showLegacyOrderConfirmation: optional(onlyTrue),
  isFeedBackTool: optional(onlyTrue),
  /** The order a confirmation shows: the payment's TransactionID. */
  orderid: optional(positiveId),
  /** The SKU bought with that order. */
  skuid: optional(positiveId),
  /** The product an intake page is for (RSMRVW, RSTUNE, ...): it picks the service over the route's own. */
  productid: optional(
    z.pipe(
      textMatching(/^[A-Za-z0-9_-]{1,32}$/),
      z.transform((v) => v.toUpperCase()),
    ),
  ),
  /** The payment method an alternative-payment return names (PayPal, UPI). */
  method: optional(
    z.pipe(
      textMatching(/^(CRCD|PYPL|DUPI)$/i),
      z.transform((v) => v.toUpperCase() as 'CRCD' | 'PYPL' | 'DUPI'),
    ),
  ),
  /** What the person did at the alternative payment provider. */
  status: optional(
    z.pipe(
      textMatching(/^(approved|cancelled)$/i),
      z.transform((v) => v.toLowerCase() as 'approved' | 'cancelled'),
    ),
  ),
  /** Billing history's range (a calendar day, YYYY-MM-DD), its kind of transaction and its page offset. */
  startdate: optional(textMatching(/^\d{4}-\d{2}-\d{2}$/)),
  enddate: optional(textMatching(/^\d{4}-\d{2}-\d{2}$/)),
  txtype: optional(
    z.pipe(
      textMatching(/^(sale|refund)$/i),
      z.transform((v) => v.toLowerCase() as 'sale' | 'refund'),
    ),
  ),
  skip: optional(z.pipe(textMatching(/^\d{1,6}$/), z.transform(Number))),
  /** Present (with any short value) → true. */
  purchaseft: optional(
    z.pipe(
      z.string().check(z.maxLength(64)),
      z.transform(() => true as const),
    ),
  ),
});

export type QueryParams = {
  [K in keyof z.output<typeof querySchema>]?: Exclude<z.output<typeof querySchema>[K], undefined>;
};
export type QueryParamName = keyof QueryParams;
export const QUERY_PARAM_NAMES = Object.keys(querySchema.shape) as QueryParamName[];

const CANONICAL = new Map(QUERY_PARAM_NAMES.map((name) => [name.toLowerCase(), name]));

/**
 * TanStack Router writes a text that looks like a number or a boolean in JSON quotes
 * (`flow=%222%22`), so that it reads back as text; reading the address bar directly must
 * see the same value.
 */
function unquoted(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return unquoted(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return toText(value[0]);
  return undefined;
}

function entriesOf(input: Record<string, unknown> | URLSearchParams | string): [string, unknown][] {
  if (typeof input === 'string') return [...new URLSearchParams(input.startsWith('?') ? input.slice(1) : input)];
  if (input instanceof URLSearchParams) return [...input];
  return Object.entries(input);
}

/** Text values by canonical name; exact-case names beat other spellings, first value wins. */
function collect(input: Record<string, unknown> | URLSearchParams | string): Record<string, string> {
  const exact: Record<string, string> = {};
  const loose: Record<string, string> = {};
  for (const [key, value] of entriesOf(input)) {
    const name = CANONICAL.get(key.toLowerCase());
    const textValue = toText(value);
    if (!name || textValue === undefined) continue;
    const target = key === name ? exact : loose;
    if (!(name in target)) target[name] = textValue;
  }
  return { ...loose, ...exact };
}

/**
 * Parses a query string, URLSearchParams or a router's search object. Never throws;
 * the result holds only the parameters that are present and valid.
 */
export function parseQueryParams(
  input: Record<string, unknown> | URLSearchParams | string | null | undefined,
): QueryParams {
  if (input === null || input === undefined) return {};
  const parsed = querySchema.parse(collect(input));
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as QueryParams;
}

/** For TanStack Router: `createRootRoute({ validateSearch })`. */
export function validateSearch(search: Record<string, unknown>): QueryParams {
  return parseQueryParams(search);
}

export const JOB_FLOW = '2';
export const INTERVIEW_BLOG_SOURCE = 'interviewblog';
export const RESUME_SUBSCRIPTION_MODE = 'resumesubs';

/** What the parameters mean for the app, with the defaults of absent values filled in. */
export interface QueryFlags {
  preview: boolean;
  /** false only for fromcache=FALSE. */
  useCache: boolean;
  testsDisabled: boolean;
  runTest: ForcedVariation | null;
  flagOverrides: FlagOverride[];
  /** flow=2 marks a job-apply flow; its job id is j_id. */
  jobFlow: boolean;
  jobId: string | null;
  fromInterviewBlog: boolean;
  /** mode=resumesubs turns some eligibility off. */
  resumeSubscriptionMode: boolean;
  forceLegacyOrderConfirmation: boolean;
  forceFeedbackTool: boolean;
  bypassCancellationReminderPreferenceCheck: boolean;
  animateCv: boolean;
}

export function queryFlags(q: QueryParams): QueryFlags {
  const jobFlow = q.flow === JOB_FLOW;
  return {
    preview: q.preview === true,
    useCache: q.fromcache !== false,
    testsDisabled: q.disabletests === true,
    runTest: parseRunTest(q.runtest),
    flagOverrides: parseTestFlagOverrides(q.test_ff),
    jobFlow,
    jobId: jobFlow ? (q.j_id ?? null) : null,
    fromInterviewBlog: q.from === INTERVIEW_BLOG_SOURCE,
    resumeSubscriptionMode: q.mode === RESUME_SUBSCRIPTION_MODE,
    forceLegacyOrderConfirmation: q.showLegacyOrderConfirmation === true,
    forceFeedbackTool: q.isFeedBackTool === true,
    bypassCancellationReminderPreferenceCheck: q.bypasscncrprefcheck === true,
    animateCv: q.animatecv === true,
  };
}

// ---------------------------------------------------------------------------------------
// Persisting overrides: countrycd in a cookie, ipcountrycd/ipstatecd in local storage.

export const COUNTRY_OVERRIDE_COOKIE = 'countrycd';
export const LOCATION_OVERRIDE_KEYS = { country: 'ipcountrycd', state: 'ipstatecd' } as const;

const validCountry = (value: string | null | undefined): string | null => {
  const parsed = countryCode.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
};
const validState = (value: string | null | undefined): string | null => {
  const parsed = stateCode.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
};

/** The `document.cookie` string that keeps a test-country override; null for an invalid code. */
export function countryOverrideCookie(country: string, options: CookieOptions = {}): string | null {
  const code = validCountry(country);
  return code ? buildCookie(COUNTRY_OVERRIDE_COOKIE, code, options) : null;
}

export function clearCountryOverrideCookie(options: Omit<CookieOptions, 'maxAgeSeconds'> = {}): string {
  return expireCookie(COUNTRY_OVERRIDE_COOKIE, options);
}

/** The kept test-country override, if the cookie holds a valid one. */
export function readCountryOverride(cookieHeader: string | null | undefined): string | null {
  const raw = readCookie(cookieHeader, COUNTRY_OVERRIDE_COOKIE);
  return raw === null ? null : validCountry(safeDecode(raw));
}

/**
 * Keeps the location override of the query in storage. A new country without a state
 * removes the stored state (it belonged to the previous country). Returns false when
 * there was something to write and storage refused it.
 */
export function persistLocationOverride(
  q: Pick<QueryParams, 'ipcountrycd' | 'ipstatecd'>,
  storage: KeyValueStorage | null | undefined,
): boolean {
  let ok = true;
  if (q.ipcountrycd) {
    ok = writeItem(storage, LOCATION_OVERRIDE_KEYS.country, q.ipcountrycd) && ok;
    if (!q.ipstatecd) removeItem(storage, LOCATION_OVERRIDE_KEYS.state);
  }
  if (q.ipstatecd) ok = writeItem(storage, LOCATION_OVERRIDE_KEYS.state, q.ipstatecd) && ok;
  return ok;
}

/** The stored location override; invalid stored values count as absent. */
export function readLocationOverride(storage: KeyValueStorage | null | undefined): {
  country: string | null;
  state: string | null;
} {
  return {
    country: validCountry(readItem(storage, LOCATION_OVERRIDE_KEYS.country)),
    state: validState(readItem(storage, LOCATION_OVERRIDE_KEYS.state)),
  };
}
