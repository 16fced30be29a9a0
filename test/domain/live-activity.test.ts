import { describe, expect, it } from 'vitest';
import type { DeviceType } from '../../src/domain/eligibility';
import {
  LIVE_ACTIVITY_ACTIONS,
  LIVE_ACTIVITY_COOKIE,
  LIVE_ACTIVITY_LOCATIONS,
  LIVE_ACTIVITY_POSITION_COOKIE,
  generateLiveActivity,
  liveActivitySize,
  nextPosition,
  positionCookie,
  resolveLiveActivity,
  seededRandom,
} from '../../src/domain/live-activity';
import { CookieJar } from './cookie-jar';

const HOUR = 60 * 60 * 1000;

describe('§9 live-activity list sizes: 13 on desktop, 17 on mobile', () => {
  it.each([
    ['Desktop', 13],
    ['Tablet', 13],
    ['Mobile', 17],
    [null, 13],
    [undefined, 13],
  ] as const)('%s → %i', (device, size) => {
    expect(liveActivitySize(device)).toBe(size);
    expect(resolveLiveActivity({ cookieHeader: '', device, country: 'US', random: () => 0.3 }).entries).toHaveLength(
      size,
    );
  });
});

describe('§3 live-activity entries', () => {
  const seeds = [0, 1, 42, 123456789, 0xffffffff];
  const sizes = [13, 17];

  it.each(seeds.flatMap((seed) => sizes.map((size) => [seed, size] as const)))(
    'seed %i, size %i: ids 1..n, every action, places of the country',
    (seed, size) => {
      const list = generateLiveActivity(seed, size, 'GB');
      expect(list.map((e) => e.id)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      expect(new Set(list.map((e) => e.action))).toEqual(new Set(LIVE_ACTIVITY_ACTIONS));
      for (const entry of list) {
        expect(LIVE_ACTIVITY_LOCATIONS.GB).toContain(entry.location);
        expect(entry.avatarClass).toMatch(/^avatar--[a-z]+$/);
      }
    },
  );

  it.each(seeds.flatMap((seed) => ['US', 'IN', 'DE', 'ZZ'].map((country) => [seed, country] as const)))(
    'seed %i, %s: no place twice in a row',
    (seed, country) => {
      const list = generateLiveActivity(seed, 17, country);
      for (let i = 1; i < list.length; i += 1) expect(list[i]!.location).not.toBe(list[i - 1]!.location);
    },
  );

  it('no action appears more than once more often than another', () => {
    const counts = LIVE_ACTIVITY_ACTIONS.map(
      (a) => generateLiveActivity(7, 17, 'US').filter((e) => e.action === a).length,
    );
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('the same seed gives the same list; another seed another list', () => {
    expect(generateLiveActivity(99, 13, 'US')).toEqual(generateLiveActivity(99, 13, 'US'));
    expect(generateLiveActivity(99, 13, 'US')).not.toEqual(generateLiveActivity(100, 13, 'US'));
  });

  it.each([
    ['UK', 'GB'],
    ['ca', 'CA'],
    ['BR', 'other'],
    [null, 'other'],
  ])('country %s uses the %s places', (country, key) => {
    for (const entry of generateLiveActivity(5, 13, country))
      expect(LIVE_ACTIVITY_LOCATIONS[key]).toContain(entry.location);
  });

  it('the seeded generator stays within [0, 1)', () => {
    const random = seededRandom(2024);
    for (let i = 0; i < 1000; i += 1) {
      const r = random();
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
    }
  });
});

describe('§4 the list is kept in a 24 h cookie and the position in a session cookie', () => {
  function browser(device: DeviceType = 'Desktop', country = 'US') {
    let now = Date.UTC(2025, 2, 1, 8);
    const jar = new CookieJar(() => now);
    let draw = 0.25;
    const state = { device, country };
    return {
      jar,
      state,
      advance: (ms: number) => {
        now += ms;
      },
      nextRandom: (r: number) => {
        draw = r;
      },
      visit: () => {
        const feed = resolveLiveActivity({
          cookieHeader: jar.header(),
          device: state.device,
          country: state.country,
          random: () => draw,
        });
        jar.setAll(feed.cookies);
        return feed;
      },
      show: (position: number) => jar.set(positionCookie(position)),
    };
  }

  it('the first visit writes the list cookie for 24 h and a session cookie at the first entry', () => {
    const b = browser();
    const feed = b.visit();
    expect(feed.position).toBe(0);
    expect(b.jar.maxAgeOf(LIVE_ACTIVITY_COOKIE)).toBe(24 * 60 * 60);
    expect(b.jar.maxAgeOf(LIVE_ACTIVITY_POSITION_COOKIE)).toBeNull();
  });

  it('a later page in the same session keeps the list and goes on where it stopped', () => {
    const b = browser();
    const first = b.visit();
    b.show(nextPosition(nextPosition(first.position, first.entries.length), first.entries.length));
    b.nextRandom(0.9);
    const again = b.visit();
    expect(again.entries).toEqual(first.entries);
    expect(again.position).toBe(2);
    expect(again.cookies).toEqual([]);
  });

  it('a new session keeps the list for the day but starts at the first entry', () => {
    const b = browser();
    const first = b.visit();
    b.show(5);
    b.jar.endSession();
    b.advance(20 * HOUR);
    b.nextRandom(0.9);
    const again = b.visit();
    expect(again.entries).toEqual(first.entries);
    expect(again.position).toBe(0);
  });

  it('after 24 h a new list is drawn', () => {
    const b = browser();
    const first = b.visit();
    b.advance(24 * HOUR);
    b.nextRandom(0.9);
    const again = b.visit();
    expect(again.entries).not.toEqual(first.entries);
    expect(again.cookies).toHaveLength(2);
  });

  it.each([
    ['the device changes to mobile', (b: ReturnType<typeof browser>) => (b.state.device = 'Mobile')],
    ['the country changes', (b: ReturnType<typeof browser>) => (b.state.country = 'IN')],
    [
      'the cookie is garbled',
      (b: ReturnType<typeof browser>) => b.jar.set(`${LIVE_ACTIVITY_COOKIE}=%E0%A4%A; Path=/; Max-Age=60`),
    ],
    [
      'the cookie is not a list record',
      (b: ReturnType<typeof browser>) =>
        b.jar.set(`${LIVE_ACTIVITY_COOKIE}=${encodeURIComponent('{"seed":-1}')}; Path=/; Max-Age=60`),
    ],
  ])('a new list when %s', (_name, change) => {
    const b = browser();
    b.visit();
    change(b);
    b.nextRandom(0.6);
    const again = b.visit();
    expect(again.cookies).toHaveLength(2);
    expect(again.position).toBe(0);
    expect(again.entries).toHaveLength(liveActivitySize(b.state.device));
  });

  it.each([
    ['13', 0],
    ['12', 12],
    ['-1', 0],
    ['x', 0],
  ])('a kept position of %s on a 13-entry list reads as %i', (value, position) => {
    const b = browser();
    b.visit();
    b.jar.set(`${LIVE_ACTIVITY_POSITION_COOKIE}=${value}; Path=/`);
    expect(b.visit().position).toBe(position);
  });

  it.each([
    [0, 13, 1],
    [12, 13, 0],
    [16, 17, 0],
    [3, 0, 0],
  ])('after position %i of %i comes %i', (position, size, next) => {
    expect(nextPosition(position, size)).toBe(next);
  });
});
