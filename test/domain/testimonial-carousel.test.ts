import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_SETTINGS,
  EMBLA_DURATION_FOR_TRANSITION,
  carouselSettingsFor,
  rotationRunning,
  rotationWanted,
  slidesPerViewFor,
  stepWindow,
  toggledChoice,
  windowCount,
  windowStart,
  type CarouselDevice,
  type CarouselVariant,
  type RotationFacts,
} from '../../src/domain/testimonial-carousel';

describe('carousel constants (spec §9)', () => {
  it.each([
    ['card', 'Desktop', { maxSlidesPerView: 4, autoplayMs: 3000, transitionMs: 500 }],
    ['fade', 'Desktop', { maxSlidesPerView: 4, autoplayMs: 4000, transitionMs: 500 }],
    ['optimized', 'Tablet', { maxSlidesPerView: 3, autoplayMs: 4000, transitionMs: 500 }],
    ['card', 'Mobile', { maxSlidesPerView: 1, autoplayMs: 4000, transitionMs: 500 }],
    ['fade', 'Mobile', { maxSlidesPerView: 1, autoplayMs: 4000, transitionMs: 500 }],
    ['optimized', 'Mobile', { maxSlidesPerView: 1, autoplayMs: 4000, transitionMs: 500 }],
  ] as const)('%s on %s', (variant, device, expected) => {
    expect(carouselSettingsFor(variant, device)).toEqual(expected);
  });

  it('embla moves a slide in about the transition time', () => {
    // Embla's spring at 60 steps a second: velocity += distance / duration, then friction 0.68.
    let location = 0;
    let velocity = 0;
    let steps = 0;
    while (Math.abs(1000 - location) > 10 && steps < 600) {
      velocity = (velocity + (1000 - location) / EMBLA_DURATION_FOR_TRANSITION) * 0.68;
      location += velocity;
      steps += 1;
    }
    const ms = (steps * 1000) / 60;
    expect(ms).toBeGreaterThan(CAROUSEL_SETTINGS.card.transitionMs * 0.8);
    expect(ms).toBeLessThan(CAROUSEL_SETTINGS.card.transitionMs * 1.2);
  });
});

describe('slides side by side for a width', () => {
  it.each([
    [1920, 'card', 'Desktop', 7, 4],
    [1600, 'card', 'Desktop', 7, 4],
    [1599, 'card', 'Desktop', 7, 3],
    [1024, 'card', 'Desktop', 7, 3],
    [1023, 'card', 'Tablet', 7, 2],
    [950, 'card', 'Tablet', 7, 2],
    [949, 'card', 'Tablet', 7, 1],
    [320, 'card', 'Desktop', 7, 1],
    [1920, 'fade', 'Desktop', 7, 4],
    [1920, 'optimized', 'Desktop', 7, 3],
    [1100, 'optimized', 'Desktop', 7, 3],
    [960, 'optimized', 'Tablet', 7, 2],
    [1920, 'card', 'Mobile', 7, 1],
    [1920, 'card', 'Desktop', 3, 3],
    [1920, 'card', 'Desktop', 0, 1],
  ] as const)('%i px, %s on %s with %i slides: %i', (width, variant, device, slideCount, expected) => {
    expect(
      slidesPerViewFor({ width, variant: variant as CarouselVariant, device: device as CarouselDevice, slideCount }),
    ).toBe(expected);
  });
});

describe('automatic rotation', () => {
  const facts = (overrides: Partial<RotationFacts>): RotationFacts => ({
    choice: 'auto',
    reducedMotion: false,
    hovered: false,
    focusInside: false,
    slideCount: 7,
    slidesPerView: 4,
    ...overrides,
  });

  it.each([
    ['by default', {}, true, true],
    ['under reduced motion', { reducedMotion: true }, false, false],
    ['under reduced motion once the visitor presses play', { reducedMotion: true, choice: 'playing' }, true, true],
    ['after the visitor pressed pause', { choice: 'paused' }, false, false],
    ['while the pointer is over it', { hovered: true }, true, false],
    ['while focus is inside', { focusInside: true }, true, false],
    ['when every slide is already in view', { slideCount: 3, slidesPerView: 3 }, true, false],
    ['with one slide on a phone', { slideCount: 7, slidesPerView: 1 }, true, true],
  ] as const)('%s: wanted %s, running %s', (_name, overrides, wanted, running) => {
    expect(rotationWanted(facts(overrides))).toBe(wanted);
    expect(rotationRunning(facts(overrides))).toBe(running);
  });

  it.each([
    ['auto', false, 'paused'],
    ['auto', true, 'playing'],
    ['playing', true, 'paused'],
    ['paused', false, 'playing'],
  ] as const)(
    'pressing the button when the choice is %s (reduced motion %s) makes it %s',
    (choice, reducedMotion, expected) => {
      expect(toggledChoice({ choice, reducedMotion })).toBe(expected);
    },
  );
});

describe('fade windows', () => {
  it.each([
    [7, 4, 2],
    [7, 3, 3],
    [7, 1, 7],
    [4, 4, 1],
    [0, 4, 0],
  ])('%i slides, %i per view: %i windows', (slides, perView, expected) => {
    expect(windowCount(slides, perView)).toBe(expected);
  });

  it.each([
    [0, 7, 4, 0],
    [1, 7, 4, 3],
    [2, 7, 3, 4],
    [1, 7, 3, 3],
    [6, 7, 1, 6],
    [0, 2, 4, 0],
  ])('window %i of %i slides at %i per view starts at slide %i', (window, slides, perView, expected) => {
    expect(windowStart(window, slides, perView)).toBe(expected);
  });

  it.each([
    [0, 1, 2, 1],
    [1, 1, 2, 0],
    [0, -1, 2, 1],
    [0, -1, 7, 6],
    [3, 1, 0, 0],
  ] as const)('from window %i a step of %i among %i goes to %i', (window, by, count, expected) => {
    expect(stepWindow(window, by, count)).toBe(expected);
  });
});
