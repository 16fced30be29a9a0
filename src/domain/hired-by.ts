/**
 * The "hired by" logo blade (spec §2 sell page, §3 hired-by theme, §9 logo counts and slider timing).
 *
 * Logo counts per country. The spec names five numbers: "5 default, 4, 6, 9 Canada, 13
 * elsewhere". Our mapping uses each of them once:
 * - no usable country (missing, not two letters): 5, the default;
 * - India: 4 (a smaller set fits the narrower audience of the Indian portal);
 * - United Kingdom (GB, or UK as the spec writes it): 6;
 * - Canada: 9;
 * - any other known country, the United States included: 13, the full set.
 */

export const HIRED_BY_THEMES = ['dark', 'light', 'grey'] as const;
export type HiredByTheme = (typeof HIRED_BY_THEMES)[number];
export const DEFAULT_HIRED_BY_THEME: HiredByTheme = 'light';

/** A config theme value, trimmed and case-insensitive ("gray" is the same as grey); anything else is light. */
export function hiredByTheme(value: unknown): HiredByTheme {
  if (typeof value !== 'string') return DEFAULT_HIRED_BY_THEME;
  const theme = value.trim().toLowerCase();
  if (theme === 'gray') return 'grey';
  return (HIRED_BY_THEMES as readonly string[]).includes(theme) ? (theme as HiredByTheme) : DEFAULT_HIRED_BY_THEME;
}

/** The theme from a config block's Data ({ theme: 'dark' | 'light' | 'grey' }). */
export function hiredByThemeFromData(data: unknown): HiredByTheme {
  return hiredByTheme(typeof data === 'object' && data !== null ? (data as { theme?: unknown }).theme : undefined);
}

export const HIRED_BY_LOGO_COUNTS = { default: 5, IN: 4, GB: 6, CA: 9, elsewhere: 13 } as const;

export function hiredByLogoCount(country: string | null | undefined): number {
  const code = country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code)) return HIRED_BY_LOGO_COUNTS.default;
  if (code === 'IN') return HIRED_BY_LOGO_COUNTS.IN;
  if (code === 'GB' || code === 'UK') return HIRED_BY_LOGO_COUNTS.GB;
  if (code === 'CA') return HIRED_BY_LOGO_COUNTS.CA;
  return HIRED_BY_LOGO_COUNTS.elsewhere;
}

/** Fictional employers (no real trademarks); the blade draws each as a small wordmark. */
export interface HiredByCompany {
  id: string;
  name: string;
}

export const HIRED_BY_COMPANIES: readonly HiredByCompany[] = [
  { id: 'tidewren', name: 'Tidewren' },
  { id: 'copperlark', name: 'Copperlark' },
  { id: 'nimbleoak', name: 'Nimbleoak' },
  { id: 'fernquay', name: 'Fernquay Health' },
  { id: 'glassmoth', name: 'Glassmoth' },
  { id: 'kestrelline', name: 'Kestrelline' },
  { id: 'ambervale', name: 'Ambervale' },
  { id: 'ploverstack', name: 'Ploverstack' },
  { id: 'mossbridge', name: 'Mossbridge Bank' },
  { id: 'sablecrest', name: 'Sablecrest' },
  { id: 'wickerlight', name: 'Wickerlight' },
  { id: 'junipervane', name: 'Juniper & Vane' },
  { id: 'otterfield', name: 'Otterfield Logistics' },
];

/** The first `hiredByLogoCount(country)` companies. */
export function hiredByCompanies(country: string | null | undefined): HiredByCompany[] {
  return HIRED_BY_COMPANIES.slice(0, hiredByLogoCount(country));
}

// ---------------------------------------------------------------------------------------
// Slider timing (§9): autoplay 2000 ms, speed 3000, 7.12 slides visible, 4 below 767 px.

export const HIRED_BY_SLIDER = {
  /** The pause after a move settles before the next one starts. */
  autoplayDelayMs: 2000,
  /** How long one move takes. */
  transitionMs: 3000,
  slidesPerView: 7.12,
  narrowSlidesPerView: 4,
  /** Viewports narrower than this show the narrow count (the CSS breakpoint in blocks.css). */
  narrowBelowPx: 767,
} as const;

export function slidesPerViewFor(viewportWidthPx: number): number {
  return viewportWidthPx < HIRED_BY_SLIDER.narrowBelowPx
    ? HIRED_BY_SLIDER.narrowSlidesPerView
    : HIRED_BY_SLIDER.slidesPerView;
}

/** Whether the logos overflow the track, so there is anything to slide. */
export function hiredBySlides(logoCount: number, viewportWidthPx: number): boolean {
  return logoCount > slidesPerViewFor(viewportWidthPx);
}

// Embla's `duration` is not milliseconds: each 1/60 s step adds displacement/duration to the
// velocity and multiplies it by a friction of 0.68. We pick the duration whose move covers
// 99 % of the way in the wanted time, by running the same arithmetic.
export const EMBLA_FRICTION = 0.68;
const FRAME_MS = 1000 / 60;
const SETTLED_SHARE = 0.99;

/** Milliseconds an Embla move with this duration takes to cover 99 % of its way. */
export function emblaMoveMs(duration: number, friction: number = EMBLA_FRICTION): number {
  let location = 0;
  let velocity = 0;
  let frames = 0;
  while (location < SETTLED_SHARE && frames < 100_000) {
    velocity = (velocity + (1 - location) / duration) * friction;
    location += velocity;
    frames += 1;
  }
  return frames * FRAME_MS;
}

/**
 * The Embla `duration` of the slider's move: the one closest to a move of
 * `HIRED_BY_SLIDER.transitionMs` (emblaDurationFor). Written down, because working it out runs
 * Embla's arithmetic for thousands of frames, milliseconds of a phone's time on each drawing of
 * the blade; a test holds the two together.
 */
export const HIRED_BY_EMBLA_DURATION = 88;

/** The Embla `duration` closest to a move of `ms` milliseconds (at least 1). */
export function emblaDurationFor(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  let low = 1;
  let high = 2000;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (emblaMoveMs(mid) < ms) low = mid + 1;
    else high = mid;
  }
  const below = Math.max(1, low - 1);
  return Math.abs(emblaMoveMs(below) - ms) <= Math.abs(emblaMoveMs(low) - ms) ? below : low;
}
