/**
 * The social-proof counter (spec §3 "Social proof", §4 "Other behaviours", §5 "Consent",
 * §9 storage times, duration codes and counter animation).
 *
 * Config Data: { type?: 'plan' | 'resume', counter: number, period: 1 | 7 | 'ODAY' | 'OWEEK' }.
 * `counter` is the typical number per day; `period` is in days (1 = ODAY, 7 = OWEEK).
 *
 * The count is generated once and then kept for 24 hours, so a visitor sees the same number
 * on every visit that day:
 * - with personalization consent, in a cookie (Max-Age 24 h);
 * - without it, in local storage, with the expiry inside the record (storage never expires
 *   by itself), and any cookie left from an earlier consent is deleted.
 * The stored record is { expiry, count, portalId }: a record for another portal, expired or
 * unreadable, is replaced by a new count. Each period has its own key.
 */
import * as z from 'zod/mini';
import { buildCookie, expireCookie, readCookie, safeDecode } from './cookies';
import { formatNumber, type Grouping } from './money';
import { readJson, removeItem, writeJson, type KeyValueStorage } from './storage';

export const SOCIAL_PROOF_PERIOD_DAYS = { ODAY: 1, OWEEK: 7 } as const;
export type SocialProofPeriod = keyof typeof SOCIAL_PROOF_PERIOD_DAYS;

export const SOCIAL_PROOF_TYPES = ['plan', 'resume'] as const;
export type SocialProofType = (typeof SOCIAL_PROOF_TYPES)[number];

export const SOCIAL_PROOF_TTL_MS = 24 * 60 * 60 * 1000;
export const COUNTER_ANIMATION_MS = 1200;
/** The generated count is the typical number for the period, give or take this share. */
export const SOCIAL_PROOF_SPREAD = 0.15;

export const socialProofKey = (period: SocialProofPeriod) => `socialProofCount_${period}`;

export interface SocialProofData {
  type: SocialProofType;
  counter: number;
  period: SocialProofPeriod;
}

function periodOf(value: unknown): SocialProofPeriod | null {
  if (value === undefined || value === null) return 'ODAY';
  if (typeof value === 'string') {
    const code = value.trim().toUpperCase();
    if (code === 'ODAY' || code === 'OWEEK') return code;
    if (/^\d+$/.test(code)) return periodOf(Number(code));
    return null;
  }
  if (value === 1) return 'ODAY';
  if (value === 7) return 'OWEEK';
  return null;
}

/** The counter's settings from config Data; null (show nothing) without a positive counter or with an unknown period. */
export function parseSocialProofData(data: unknown): SocialProofData | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const counter = typeof d.counter === 'string' && d.counter.trim() !== '' ? Number(d.counter) : d.counter;
  if (typeof counter !== 'number' || !Number.isFinite(counter) || counter <= 0) return null;
  const period = periodOf(d.period);
  if (!period) return null;
  const type =
    typeof d.type === 'string' && (SOCIAL_PROOF_TYPES as readonly string[]).includes(d.type.trim().toLowerCase())
      ? (d.type.trim().toLowerCase() as SocialProofType)
      : 'plan';
  return { type, counter, period };
}

/** A count near `counter` per day times the period's days; never below 2. */
export function generateSocialProofCount(counter: number, period: SocialProofPeriod, random: () => number): number {
  const base = counter * SOCIAL_PROOF_PERIOD_DAYS[period];
  const r = Math.min(1, Math.max(0, random()));
  return Math.max(2, Math.round(base * (1 - SOCIAL_PROOF_SPREAD + 2 * SOCIAL_PROOF_SPREAD * r)));
}

export const socialProofRecord = z.object({
  expiry: z.number(),
  count: z.int().check(z.minimum(0)),
  portalId: z.int(),
});
export type SocialProofRecord = z.infer<typeof socialProofRecord>;

/** The record's count while it is unexpired and for this portal, else null. */
export function usableCount(record: SocialProofRecord | null, now: number, portalId: number): number | null {
  if (!record || record.expiry <= now || record.portalId !== portalId) return null;
  return record.count;
}

function readCookieRecord(cookieHeader: string | null, key: string): SocialProofRecord | null {
  const raw = readCookie(cookieHeader, key);
  const text = raw === null ? null : safeDecode(raw);
  if (text === null) return null;
  try {
    const parsed = socialProofRecord.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SocialProofInput {
  period: SocialProofPeriod;
  counter: number;
  portalId: number;
  /** From the consent in local storage (`readConsent`). */
  personalization: boolean;
  now: number;
  random: () => number;
  /** `document.cookie`. */
  cookieHeader: string | null;
  /** Local storage (or the session-storage fallback); written to on the no-consent path. */
  local: KeyValueStorage | null;
  cookiePath?: string;
}

export interface SocialProofResult {
  count: number;
  /** Where the count came from. */
  source: 'cookie' | 'local' | 'generated';
  /** Cookie strings the caller writes to `document.cookie`, in order. */
  cookies: string[];
}

export function resolveSocialProof(input: SocialProofInput): SocialProofResult {
  const key = socialProofKey(input.period);
  const path = input.cookiePath ?? '/';
  const fresh = (): SocialProofRecord => ({
    expiry: input.now + SOCIAL_PROOF_TTL_MS,
    count: generateSocialProofCount(input.counter, input.period, input.random),
    portalId: input.portalId,
  });

  if (input.personalization) {
    const cached = usableCount(readCookieRecord(input.cookieHeader, key), input.now, input.portalId);
    if (cached !== null) return { count: cached, source: 'cookie', cookies: [] };
    const record = fresh();
    const cookie = buildCookie(key, JSON.stringify(record), { path, maxAgeSeconds: SOCIAL_PROOF_TTL_MS / 1000 });
    return { count: record.count, source: 'generated', cookies: [cookie] };
  }

  const cookies = readCookie(input.cookieHeader, key) === null ? [] : [expireCookie(key, { path })];
  const stored = readJson(input.local, key, socialProofRecord);
  const cached = usableCount(stored, input.now, input.portalId);
  if (cached !== null) return { count: cached, source: 'local', cookies };
  const record = fresh();
  if (!writeJson(input.local, key, record)) removeItem(input.local, key);
  return { count: record.count, source: 'generated', cookies };
}

/** The number shown `elapsedMs` into the count-up: eases out, exact at the end. */
export function counterValueAt(elapsedMs: number, target: number, durationMs: number = COUNTER_ANIMATION_MS): number {
  if (!(durationMs > 0) || elapsedMs >= durationMs) return target;
  if (!(elapsedMs > 0)) return 0;
  const t = elapsedMs / durationMs;
  return Math.min(target, Math.round(target * (1 - (1 - t) ** 3)));
}

export function formatCount(value: number, culture: string, grouping?: Grouping): string {
  return formatNumber(value, { culture, grouping, fractionDigits: 0 });
}
