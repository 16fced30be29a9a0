/**
 * The testimonial carousel's constants and rules (spec §9 "Carousels"): how many reviews show
 * side by side at a screen width, how fast they turn, and when they turn by themselves.
 */

export type CarouselVariant = 'card' | 'fade' | 'optimized';
export type CarouselDevice = 'Desktop' | 'Tablet' | 'Mobile';

export interface CarouselSettings {
  /** The most slides side by side; the screen width may allow fewer. */
  maxSlidesPerView: number;
  autoplayMs: number;
  /** How long one move (or cross-fade) takes. */
  transitionMs: number;
}

export const CAROUSEL_TRANSITION_MS = 500;

export const CAROUSEL_SETTINGS: Readonly<Record<CarouselVariant, CarouselSettings>> = {
  card: { maxSlidesPerView: 4, autoplayMs: 3000, transitionMs: CAROUSEL_TRANSITION_MS },
  fade: { maxSlidesPerView: 4, autoplayMs: 4000, transitionMs: CAROUSEL_TRANSITION_MS },
  optimized: { maxSlidesPerView: 3, autoplayMs: 4000, transitionMs: CAROUSEL_TRANSITION_MS },
};

/** On a phone every variant shows one slide at a time. */
export const MOBILE_CAROUSEL_SETTINGS: CarouselSettings = {
  maxSlidesPerView: 1,
  autoplayMs: 4000,
  transitionMs: CAROUSEL_TRANSITION_MS,
};

/** Widest first: a screen at least `minWidth` pixels wide shows `slidesPerView`; narrower shows one. */
export const CAROUSEL_BREAKPOINTS: readonly { minWidth: number; slidesPerView: number }[] = [
  { minWidth: 1600, slidesPerView: 4 },
  { minWidth: 1024, slidesPerView: 3 },
  { minWidth: 950, slidesPerView: 2 },
];

export function carouselSettingsFor(variant: CarouselVariant, device: CarouselDevice): CarouselSettings {
  return device === 'Mobile' ? MOBILE_CAROUSEL_SETTINGS : CAROUSEL_SETTINGS[variant];
}

/** Slides side by side: by the breakpoints, at most the variant's number, never more than there are, at least one. */
export function slidesPerViewFor(options: {
  width: number;
  variant: CarouselVariant;
  device: CarouselDevice;
  slideCount: number;
}): number {
  const settings = carouselSettingsFor(options.variant, options.device);
  const byWidth = CAROUSEL_BREAKPOINTS.find((b) => options.width >= b.minWidth)?.slidesPerView ?? 1;
  return Math.max(1, Math.min(byWidth, settings.maxSlidesPerView, options.slideCount));
}

/**
 * Embla's `duration` is a spring constant (a larger number moves more slowly), not
 * milliseconds. At its fixed 60 steps a second, 20 brings a move 99 % of the way in about
 * 500 ms, the spec's transition time.
 */
export const EMBLA_DURATION_FOR_TRANSITION = 20;

// ---------------------------------------------------------------------------------------
// Automatic rotation.

/** What the visitor chose with the pause/play button; `auto` until they press it. */
export type RotationChoice = 'auto' | 'playing' | 'paused';

export interface RotationFacts {
  choice: RotationChoice;
  reducedMotion: boolean;
  /** The pointer is over the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel, other than on the pause/play button itself. */
  focusInside: boolean;
  slideCount: number;
  slidesPerView: number;
}

/** Whether rotation is switched on: by the visitor's choice, else on unless they asked for less motion. */
export function rotationWanted(facts: Pick<RotationFacts, 'choice' | 'reducedMotion'>): boolean {
  return facts.choice === 'playing' || (facts.choice === 'auto' && !facts.reducedMotion);
}

/** Whether the timer runs now: wanted, not paused by hover or focus, and there is something to turn to. */
export function rotationRunning(facts: RotationFacts): boolean {
  return rotationWanted(facts) && !facts.hovered && !facts.focusInside && facts.slideCount > facts.slidesPerView;
}

/** The choice after a press of the pause/play button. */
export const toggledChoice = (facts: Pick<RotationFacts, 'choice' | 'reducedMotion'>): RotationChoice =>
  rotationWanted(facts) ? 'paused' : 'playing';

// ---------------------------------------------------------------------------------------
// The fade variant shows a window of slides at a time and fades to the next window.

/** How many windows the slides make; the last window is filled up from the end, never short. */
export const windowCount = (slideCount: number, perView: number): number =>
  slideCount <= 0 ? 0 : Math.ceil(slideCount / Math.max(1, perView));

/** The first slide of a window. */
export function windowStart(window: number, slideCount: number, perView: number): number {
  const per = Math.max(1, perView);
  return Math.max(0, Math.min(window * per, slideCount - per));
}

/** One step forward or back, wrapping around. */
export function stepWindow(window: number, by: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (((window + by) % count) + count) % count;
}
