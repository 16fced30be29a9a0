import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HIRED_BY_COMPANIES,
  HIRED_BY_EMBLA_DURATION,
  HIRED_BY_SLIDER,
  emblaDurationFor,
  emblaMoveMs,
  hiredByCompanies,
  hiredByLogoCount,
  hiredBySlides,
  hiredByTheme,
  hiredByThemeFromData,
  slidesPerViewFor,
} from '../../src/domain/hired-by';

describe('§9 hired-by logo counts per country', () => {
  it.each([
    [null, 5],
    [undefined, 5],
    ['', 5],
    ['USA', 5],
    ['1A', 5],
    ['IN', 4],
    ['in', 4],
    ['GB', 6],
    ['UK', 6],
    [' gb ', 6],
    ['CA', 9],
    ['US', 13],
    ['DE', 13],
    ['FR', 13],
    ['ES', 13],
    ['IL', 13],
  ])('%s shows %i logos', (country, count) => {
    expect(hiredByLogoCount(country)).toBe(count);
    expect(hiredByCompanies(country)).toHaveLength(count);
  });

  it('every number the spec names is used by some country', () => {
    const used = new Set([null, 'IN', 'GB', 'CA', 'US'].map(hiredByLogoCount));
    expect([...used].sort((a, b) => a - b)).toEqual([4, 5, 6, 9, 13]);
  });

  it('the largest set has a logo for every slot, each with its own id and name', () => {
    expect(HIRED_BY_COMPANIES).toHaveLength(13);
    expect(new Set(HIRED_BY_COMPANIES.map((c) => c.id)).size).toBe(13);
    expect(new Set(HIRED_BY_COMPANIES.map((c) => c.name)).size).toBe(13);
  });

  it('a smaller set is the start of the larger one, so logos keep their order', () => {
    expect(hiredByCompanies('IN')).toEqual(HIRED_BY_COMPANIES.slice(0, 4));
    expect(hiredByCompanies('CA')).toEqual(hiredByCompanies('US').slice(0, 9));
  });
});

describe('§3 hired-by theme', () => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['grey', 'grey'],
    ['Grey', 'grey'],
    [' DARK ', 'dark'],
    ['gray', 'grey'],
    ['blue', 'light'],
    ['', 'light'],
    [undefined, 'light'],
    [3, 'light'],
  ])('%s → %s', (value, theme) => {
    expect(hiredByTheme(value)).toBe(theme);
  });

  it.each([
    [{ theme: 'dark' }, 'dark'],
    [{ theme: 'grey' }, 'grey'],
    [{}, 'light'],
    [null, 'light'],
    ['dark', 'light'],
  ])('from config Data %j → %s', (data, theme) => {
    expect(hiredByThemeFromData(data)).toBe(theme);
  });
});

describe('§9 hired-by slider', () => {
  it.each([
    [320, 4],
    [766, 4],
    [767, 7.12],
    [1440, 7.12],
  ])('a %i px viewport shows %d slides', (width, perView) => {
    expect(slidesPerViewFor(width)).toBe(perView);
  });

  it.each([
    [4, 1440, false],
    [5, 1440, false],
    [9, 1440, true],
    [4, 400, false],
    [5, 400, true],
  ])('%i logos at %i px slide: %s', (count, width, slides) => {
    expect(hiredBySlides(count, width)).toBe(slides);
  });

  it('the CSS breakpoint is the one the rule uses', () => {
    const css = readFileSync(
      new URL('../../src/features/purchase-funnel/sell-page/blocks/blocks.css', import.meta.url),
      'utf8',
    );
    expect(css).toContain(`(max-width: ${HIRED_BY_SLIDER.narrowBelowPx - 0.02}px)`);
  });

  it('a move takes the spec speed of 3000 ms, to within one frame', () => {
    const duration = emblaDurationFor(HIRED_BY_SLIDER.transitionMs);
    expect(Math.abs(emblaMoveMs(duration) - 3000)).toBeLessThan(1000 / 60 + 0.001);
  });

  it('the duration the blade uses is the one worked out for its move', () => {
    expect(HIRED_BY_EMBLA_DURATION).toBe(emblaDurationFor(HIRED_BY_SLIDER.transitionMs));
  });

  it('a longer move needs a larger Embla duration, and none is instant', () => {
    expect(emblaDurationFor(500)).toBeLessThan(emblaDurationFor(3000));
    expect(emblaDurationFor(0)).toBe(0);
    expect(emblaDurationFor(Number.NaN)).toBe(0);
  });

  it("Embla's own default duration of 25 is a move of well under a second", () => {
    expect(emblaMoveMs(25)).toBeGreaterThan(400);
    expect(emblaMoveMs(25)).toBeLessThan(1000);
  });
});
