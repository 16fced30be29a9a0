/**
 * The live-activity list (spec §3 "Other", §4 "Other behaviours", §9 list sizes and actions).
 *
 * The list is made up, not read from real purchases: 13 entries on desktop and tablet, 17 on
 * mobile, each { id, avatarClass, location, action }. It is drawn from a seed so that it can be
 * kept in a cookie cheaply:
 * - a 24-hour cookie keeps the seed (with the size and country it was drawn for), so the same
 *   visitor sees the same list for a day;
 * - a session cookie keeps the position (the counter), so within one browser session the feed
 *   goes on where it stopped, and a new session starts again at the first entry.
 */
import * as z from 'zod/mini';
import { buildCookie, readCookie, safeDecode } from './cookies';
import type { DeviceType } from './eligibility';

export const LIVE_ACTIVITY_SIZE = { desktop: 13, mobile: 17 } as const;
export const LIVE_ACTIVITY_COOKIE = 'liveActivityFeed';
export const LIVE_ACTIVITY_POSITION_COOKIE = 'liveActivityPosition';
export const LIVE_ACTIVITY_COOKIE_TTL_S = 24 * 60 * 60;
/** Not in the spec: how long each entry stays before the next (when not paused). */
export const LIVE_ACTIVITY_ROTATE_MS = 5000;

export const LIVE_ACTIVITY_ACTIONS = [
  'upgradedLimited',
  'upgradedFull',
  'upgradedAnnual',
  'downloadedResume',
  'printedResume',
  'emailedResume',
] as const;
export type LiveActivityAction = (typeof LIVE_ACTIVITY_ACTIONS)[number];

export const AVATAR_CLASSES = [
  'avatar--teal',
  'avatar--amber',
  'avatar--violet',
  'avatar--rose',
  'avatar--slate',
  'avatar--green',
] as const;

export interface LiveActivityEntry {
  id: number;
  avatarClass: string;
  location: string;
  action: LiveActivityAction;
}

/** Places by country; place names are not translated. Unknown countries use the mixed list. */
export const LIVE_ACTIVITY_LOCATIONS: Readonly<Record<string, readonly string[]>> = {
  US: [
    'Austin, TX',
    'Denver, CO',
    'Columbus, OH',
    'Portland, OR',
    'Raleigh, NC',
    'Tampa, FL',
    'Madison, WI',
    'Boise, ID',
    'Sacramento, CA',
    'Richmond, VA',
  ],
  GB: ['Leeds', 'Bristol', 'Glasgow', 'Cardiff', 'Norwich', 'Belfast', 'Brighton', 'York'],
  CA: ['Calgary, AB', 'Halifax, NS', 'Ottawa, ON', 'Winnipeg, MB', 'Victoria, BC', 'Saskatoon, SK', 'Hamilton, ON'],
  IN: ['Pune', 'Bengaluru', 'Jaipur', 'Kochi', 'Lucknow', 'Indore', 'Chennai', 'Hyderabad'],
  DE: ['Leipzig', 'Köln', 'Bremen', 'Freiburg', 'Nürnberg', 'Dresden', 'Münster', 'Mainz'],
  FR: ['Lyon', 'Nantes', 'Lille', 'Bordeaux', 'Rennes', 'Strasbourg', 'Montpellier', 'Dijon'],
  ES: ['Valencia', 'Sevilla', 'Bilbao', 'Zaragoza', 'Málaga', 'Granada', 'Valladolid', 'Alicante'],
  other: ['Toronto', 'Dublin', 'Melbourne', 'Auckland', 'Chicago', 'Edinburgh', 'Singapore', 'Cape Town'],
};

export function liveActivitySize(device: DeviceType | null | undefined): number {
  return device === 'Mobile' ? LIVE_ACTIVITY_SIZE.mobile : LIVE_ACTIVITY_SIZE.desktop;
}

const countryKey = (country: string | null | undefined): string => {
  const code = country?.trim().toUpperCase() ?? '';
  const known = code === 'UK' ? 'GB' : code;
  return LIVE_ACTIVITY_LOCATIONS[known] && known !== 'other' ? known : 'other';
};

/** mulberry32: a small, fast generator whose sequence is fixed by its 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The list for a seed: every action appears (in shuffled order, as evenly as the size
 * allows), places never repeat back to back, ids run from 1.
 */
export function generateLiveActivity(
  seed: number,
  size: number,
  country: string | null | undefined,
): LiveActivityEntry[] {
  const random = seededRandom(seed);
  const actions = shuffle(
    Array.from({ length: size }, (_, i) => LIVE_ACTIVITY_ACTIONS[i % LIVE_ACTIVITY_ACTIONS.length]!),
    random,
  );
  const places = LIVE_ACTIVITY_LOCATIONS[countryKey(country)]!;
  let deck: string[] = [];
  const entries: LiveActivityEntry[] = [];
  for (let i = 0; i < size; i += 1) {
    if (deck.length === 0) {
      // A deck has no repeats, so a place can only repeat where one deck ends and the next begins.
      deck = shuffle(places, random);
      const top = deck.length - 1;
      if (top > 0 && deck[top] === entries[i - 1]?.location) [deck[0], deck[top]] = [deck[top]!, deck[0]!];
    }
    entries.push({
      id: i + 1,
      avatarClass: AVATAR_CLASSES[Math.floor(random() * AVATAR_CLASSES.length)]!,
      location: deck.pop()!,
      action: actions[i]!,
    });
  }
  return entries;
}

const feedRecord = z.object({
  seed: z.int().check(z.minimum(0), z.maximum(0xffffffff)),
  size: z.int().check(z.positive()),
  country: z.string(),
});
type FeedRecord = z.infer<typeof feedRecord>;

function readFeedRecord(cookieHeader: string | null): FeedRecord | null {
  const raw = readCookie(cookieHeader, LIVE_ACTIVITY_COOKIE);
  const text = raw === null ? null : safeDecode(raw);
  if (text === null) return null;
  try {
    const parsed = feedRecord.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readPosition(cookieHeader: string | null, size: number): number {
  const raw = readCookie(cookieHeader, LIVE_ACTIVITY_POSITION_COOKIE);
  if (raw === null || !/^\d+$/.test(raw)) return 0;
  const position = Number(raw);
  return position < size ? position : 0;
}

/** The session cookie that remembers which entry is showing. */
export function positionCookie(position: number, path = '/'): string {
  return buildCookie(LIVE_ACTIVITY_POSITION_COOKIE, String(Math.max(0, Math.trunc(position))), { path });
}

export function nextPosition(position: number, size: number): number {
  return size > 0 ? (position + 1) % size : 0;
}

export interface LiveActivityInput {
  cookieHeader: string | null;
  device: DeviceType | null | undefined;
  country: string | null | undefined;
  random: () => number;
  cookiePath?: string;
}

export interface LiveActivityFeed {
  entries: LiveActivityEntry[];
  position: number;
  /** Cookie strings the caller writes to `document.cookie`. */
  cookies: string[];
}

/**
 * The kept list while its cookie lives and fits this device and country; otherwise a new
 * list, its 24-hour cookie and a session cookie back at the first entry.
 */
export function resolveLiveActivity(input: LiveActivityInput): LiveActivityFeed {
  const size = liveActivitySize(input.device);
  const country = countryKey(input.country);
  const path = input.cookiePath ?? '/';
  const kept = readFeedRecord(input.cookieHeader);
  if (kept && kept.size === size && kept.country === country) {
    return {
      entries: generateLiveActivity(kept.seed, size, country),
      position: readPosition(input.cookieHeader, size),
      cookies: [],
    };
  }
  const seed = Math.floor(Math.min(0.999999999, Math.max(0, input.random())) * 0x100000000) >>> 0;
  const record: FeedRecord = { seed, size, country };
  return {
    entries: generateLiveActivity(seed, size, country),
    position: 0,
    cookies: [
      buildCookie(LIVE_ACTIVITY_COOKIE, JSON.stringify(record), { path, maxAgeSeconds: LIVE_ACTIVITY_COOKIE_TTL_S }),
      positionCookie(0, path),
    ],
  };
}
