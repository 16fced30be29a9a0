import { describe, expect, it } from 'vitest';
import {
  COUNTER_ANIMATION_MS,
  SOCIAL_PROOF_TTL_MS,
  counterValueAt,
  formatCount,
  generateSocialProofCount,
  parseSocialProofData,
  resolveSocialProof,
  socialProofKey,
  type SocialProofInput,
} from '../../src/domain/social-proof';
import { CookieJar } from './cookie-jar';
import { MemoryStorage } from './fakes';

const HOUR = 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 15, 9, 0, 0);

/** A browser with a clock, a cookie jar and local storage; `visit` runs the rule the way the component does. */
function browser(options: { personalization: boolean; portalId?: number }) {
  let now = START;
  const jar = new CookieJar(() => now);
  const local = new MemoryStorage();
  const randoms = [0.5, 0, 1, 0.25, 0.75];
  let draws = 0;
  const state = { personalization: options.personalization, portalId: options.portalId ?? 1 };
  return {
    jar,
    local,
    state,
    get draws() {
      return draws;
    },
    advance: (ms: number) => {
      now += ms;
    },
    visit: (overrides: Partial<SocialProofInput> = {}) => {
      const result = resolveSocialProof({
        period: 'ODAY',
        counter: 100,
        portalId: state.portalId,
        personalization: state.personalization,
        now,
        random: () => randoms[draws++ % randoms.length]!,
        cookieHeader: jar.header(),
        local,
        ...overrides,
      });
      jar.setAll(result.cookies);
      return result;
    },
  };
}

describe('§3 social-proof config Data', () => {
  it.each([
    [
      { counter: 120, period: 1 },
      { type: 'plan', counter: 120, period: 'ODAY' },
    ],
    [
      { counter: 120, period: 7 },
      { type: 'plan', counter: 120, period: 'OWEEK' },
    ],
    [
      { counter: '80', period: '7' },
      { type: 'plan', counter: 80, period: 'OWEEK' },
    ],
    [
      { counter: 80, period: 'oweek' },
      { type: 'plan', counter: 80, period: 'OWEEK' },
    ],
    [
      { counter: 80, period: 'ODAY', type: 'Resume' },
      { type: 'resume', counter: 80, period: 'ODAY' },
    ],
    [{ counter: 80 }, { type: 'plan', counter: 80, period: 'ODAY' }],
    [
      { counter: 80, type: 'other' },
      { type: 'plan', counter: 80, period: 'ODAY' },
    ],
  ])('%j → %j', (data, expected) => {
    expect(parseSocialProofData(data)).toEqual(expected);
  });

  it.each([
    [null],
    ['x'],
    [{}],
    [{ counter: 0 }],
    [{ counter: -5 }],
    [{ counter: 'many' }],
    [{ counter: 10, period: 30 }],
    [{ counter: 10, period: 'OMONTH' }],
  ])('%j shows nothing', (data) => {
    expect(parseSocialProofData(data)).toBeNull();
  });
});

describe('the count is generated around the typical number for the period', () => {
  it.each([
    [100, 'ODAY', 0, 85],
    [100, 'ODAY', 0.5, 100],
    [100, 'ODAY', 1, 115],
    [100, 'OWEEK', 0.5, 700],
    [100, 'OWEEK', 0, 595],
    [1, 'ODAY', 0, 2],
    [100, 'ODAY', 7, 115],
  ] as const)('counter %i, %s, random %d → %i', (counter, period, r, count) => {
    expect(generateSocialProofCount(counter, period, () => r)).toBe(count);
  });
});

describe('§4/§9 with personalization consent the count lives in a 24 h cookie', () => {
  it('the first visit generates a count and writes it to a cookie, not to local storage', () => {
    const b = browser({ personalization: true });
    const first = b.visit();
    expect(first).toMatchObject({ source: 'generated', count: 100 });
    expect(b.jar.maxAgeOf(socialProofKey('ODAY'))).toBe(24 * 60 * 60);
    expect(b.local.data.size).toBe(0);
  });

  it('the cookie holds expiry, count and portal id', () => {
    const b = browser({ personalization: true, portalId: 4 });
    b.visit();
    const value = decodeURIComponent(b.jar.header().split('=').slice(1).join('='));
    expect(JSON.parse(value)).toEqual({ expiry: START + SOCIAL_PROOF_TTL_MS, count: 100, portalId: 4 });
  });

  it('later visits within 24 h show the same count without drawing again', () => {
    const b = browser({ personalization: true });
    const first = b.visit();
    b.advance(23 * HOUR);
    expect(b.visit()).toEqual({ count: first.count, source: 'cookie', cookies: [] });
    expect(b.draws).toBe(1);
  });

  it('after 24 h a new count is generated', () => {
    const b = browser({ personalization: true });
    b.visit();
    b.advance(24 * HOUR);
    const next = b.visit();
    expect(next.source).toBe('generated');
    expect(next.count).toBe(85);
  });

  it('each period keeps its own count', () => {
    const b = browser({ personalization: true });
    const day = b.visit({ period: 'ODAY' });
    const week = b.visit({ period: 'OWEEK' });
    expect(week.source).toBe('generated');
    expect(b.visit({ period: 'ODAY' })).toMatchObject({ source: 'cookie', count: day.count });
    expect(b.visit({ period: 'OWEEK' })).toMatchObject({ source: 'cookie', count: week.count });
  });

  it.each([
    ['another portal', (b: ReturnType<typeof browser>) => (b.state.portalId = 2)],
    [
      'a garbled cookie',
      (b: ReturnType<typeof browser>) => b.jar.set(`${socialProofKey('ODAY')}=%E0%A4%A; Path=/; Max-Age=100`),
    ],
    [
      'a cookie that is not a record',
      (b: ReturnType<typeof browser>) =>
        b.jar.set(`${socialProofKey('ODAY')}=${encodeURIComponent('{"count":"many"}')}; Path=/; Max-Age=100`),
    ],
    [
      'a record whose own expiry passed',
      (b: ReturnType<typeof browser>) =>
        b.jar.set(
          `${socialProofKey('ODAY')}=${encodeURIComponent(JSON.stringify({ expiry: START - 1, count: 9, portalId: 1 }))}; Path=/; Max-Age=100`,
        ),
    ],
  ])('%s gets a fresh count', (_name, spoil) => {
    const b = browser({ personalization: true });
    b.visit();
    spoil(b);
    expect(b.visit().source).toBe('generated');
  });
});

describe('§4/§5/§9 without personalization consent the count lives in local storage for 24 h', () => {
  it('the first visit stores { expiry, count, portalId } locally and sets no cookie', () => {
    const b = browser({ personalization: false, portalId: 3 });
    const first = b.visit();
    expect(first).toEqual({ count: 100, source: 'generated', cookies: [] });
    expect(JSON.parse(b.local.data.get(socialProofKey('ODAY'))!)).toEqual({
      expiry: START + SOCIAL_PROOF_TTL_MS,
      count: 100,
      portalId: 3,
    });
    expect(b.jar.header()).toBe('');
  });

  it('is reused for 24 h, then replaced', () => {
    const b = browser({ personalization: false });
    b.visit();
    b.advance(24 * HOUR - 1);
    expect(b.visit()).toMatchObject({ source: 'local', count: 100 });
    b.advance(1);
    expect(b.visit()).toMatchObject({ source: 'generated', count: 85 });
    expect(JSON.parse(b.local.data.get(socialProofKey('ODAY'))!).expiry).toBe(START + 48 * HOUR);
  });

  it('ignores a record for another portal and JSON that does not parse', () => {
    const b = browser({ personalization: false });
    b.local.setItem(socialProofKey('ODAY'), JSON.stringify({ expiry: START + HOUR, count: 5, portalId: 9 }));
    expect(b.visit().source).toBe('generated');
    b.local.setItem(socialProofKey('ODAY'), '{not json');
    expect(b.visit().source).toBe('generated');
  });

  it('still shows a count when storage is unavailable or full', () => {
    const b = browser({ personalization: false });
    b.local.failWrites = true;
    expect(b.visit().count).toBe(100);
    expect(b.visit({ local: null }).count).toBe(85);
  });

  it('deletes a cookie left from when consent was given', () => {
    const b = browser({ personalization: true });
    b.visit();
    expect(b.jar.has(socialProofKey('ODAY'))).toBe(true);
    b.state.personalization = false;
    const after = b.visit();
    expect(after.cookies).toHaveLength(1);
    expect(b.jar.has(socialProofKey('ODAY'))).toBe(false);
    expect(b.local.data.has(socialProofKey('ODAY'))).toBe(true);
  });
});

describe('§9 counter animation over 1200 ms', () => {
  it.each([
    [0, 0],
    [-10, 0],
    [600, 875],
    [1199, 1000],
    [1200, 1000],
    [5000, 1000],
  ])('at %i ms a count of 1000 shows %i', (elapsed, shown) => {
    expect(counterValueAt(elapsed, 1000)).toBe(shown);
  });

  it('only climbs', () => {
    let last = -1;
    for (let ms = 0; ms <= COUNTER_ANIMATION_MS; ms += 16) {
      const value = counterValueAt(ms, 1234);
      expect(value).toBeGreaterThanOrEqual(last);
      last = value;
    }
  });

  it('a zero-length animation (reduced motion) shows the count at once', () => {
    expect(counterValueAt(0, 420, 0)).toBe(420);
  });
});

describe('numbers are formatted per culture', () => {
  it.each([
    [18211, 'en-US', '18,211'],
    [18211, 'en-IN', '18,211'],
    [1823411, 'en-IN', '18,23,411'],
    [18211, 'de-DE', '18.211'],
    [18211, 'es-ES', '18.211'],
    [18211, 'fr-FR', '18\u202f211'],
    [640, 'de-DE', '640'],
  ])('%i in %s → %s', (value, culture, text) => {
    expect(formatCount(value, culture)).toBe(text);
  });

  it('configured grouping wins', () => {
    expect(formatCount(18211, 'de-DE', 'comma')).toBe('18,211');
    expect(formatCount(18211, 'en-US', 'space')).toBe('18\u00a0211');
  });
});
