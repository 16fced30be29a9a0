import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
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
  type RotationChoice,
} from '../../../../domain/testimonial-carousel';
import {
  TESTIMONIALS_NAMESPACE,
  testimonialsFor,
  type ReviewSegment,
  type Testimonial,
} from '../../../../domain/testimonials';
import { Button } from '../../../../ui/Button';
import { useCarousel } from '../../../../ui/use-carousel';
import { useWholeDrawing } from '../../../../ui/whole-drawing';
import { TestimonialCard } from './TestimonialCard';
import './testimonials.css';

export interface TestimonialCarouselProps {
  country: string;
  segment?: ReviewSegment;
  device: CarouselDevice;
  variant?: CarouselVariant;
  headingLevel?: 2 | 3;
}

/**
 * Customer reviews of the visitor's market that turn by themselves (spec §9 "Carousels"),
 * built as the WAI-ARIA carousel pattern: a labelled region, each review a group "n of 7",
 * previous/next buttons and a pause/play button first. Rotation stops while the pointer is
 * over it or focus is inside, and does not start for visitors who asked for less motion.
 * `card` and `optimized` slide (embla); `fade` fades from one set of reviews to the next.
 */
export function TestimonialCarousel({
  country,
  segment = 'all',
  device,
  variant = 'card',
  headingLevel = 2,
}: TestimonialCarouselProps) {
  const testimonials = useMemo(() => testimonialsFor(country, segment), [country, segment]);
  const width = useViewportWidth();
  const reducedMotion = useReducedMotion();
  const perView = slidesPerViewFor({ width, variant, device, slideCount: testimonials.length });
  const shared = { testimonials, perView, reducedMotion, device, variant, headingLevel };
  return variant === 'fade' ? <FadeCarousel {...shared} /> : <SlidingCarousel {...shared} />;
}

interface VariantProps {
  testimonials: readonly Testimonial[];
  perView: number;
  reducedMotion: boolean;
  device: CarouselDevice;
  variant: CarouselVariant;
  headingLevel: 2 | 3;
}

interface Track {
  next: () => void;
  previous: () => void;
  canMove: boolean;
  /** Renders the slides; `live` is the politeness of their container. */
  render: (live: 'off' | 'polite', trackId: string) => ReactNode;
}

function SlidingCarousel(props: VariantProps) {
  const { testimonials, perView, reducedMotion, device } = props;
  // The engine loads and starts when the carousel comes near the screen; until then the first slides stand still.
  const {
    viewportRef,
    engine: embla,
    starter,
  } = useCarousel({
    loop: true,
    align: 'start',
    duration: EMBLA_DURATION_FOR_TRANSITION,
    inViewThreshold: 0.6,
    direction: typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr',
  });
  const [inView, setInView] = useState<number[]>(() => range(perView));
  const [canMove, setCanMove] = useState(testimonials.length > perView);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setInView(embla.slidesInView());
      setCanMove(embla.canScrollNext() || embla.canScrollPrev());
    };
    update();
    embla.on('select', update).on('reInit', update).on('slidesInView', update);
    return () => {
      embla.off('select', update).off('reInit', update).off('slidesInView', update);
    };
  }, [embla]);

  // Slide widths come from CSS; embla measures again when the number side by side changes.
  useEffect(() => embla?.reInit(), [embla, perView, testimonials]);

  const track: Track = {
    next: () => embla?.scrollNext(reducedMotion),
    previous: () => embla?.scrollPrev(reducedMotion),
    canMove,
    render: (live, trackId) => (
      <>
        {starter}
        <div className="testimonial-carousel__viewport" ref={viewportRef}>
          <div className="testimonial-carousel__track" id={trackId} aria-live={live}>
            {testimonials.map((testimonial, index) => (
              <Slide
                key={testimonial.id}
                testimonial={testimonial}
                index={index}
                total={testimonials.length}
                hidden={!inView.includes(index)}
                compact={device === 'Mobile'}
              />
            ))}
          </div>
        </div>
      </>
    ),
  };
  return <CarouselFrame {...props} track={track} />;
}

function FadeCarousel(props: VariantProps) {
  const { testimonials, perView, device } = props;
  const count = windowCount(testimonials.length, perView);
  const [windowIndex, setWindowIndex] = useState(0);
  const current = Math.min(windowIndex, Math.max(0, count - 1));
  const start = windowStart(current, testimonials.length, perView);
  const track: Track = {
    next: () => setWindowIndex((w) => stepWindow(Math.min(w, count - 1), 1, count)),
    previous: () => setWindowIndex((w) => stepWindow(Math.min(w, count - 1), -1, count)),
    canMove: count > 1,
    render: (live, trackId) => (
      <div className="testimonial-carousel__fade" id={trackId} aria-live={live}>
        {/* A new key per window replays the fade-in. */}
        <div key={start} className="testimonial-carousel__window">
          {testimonials.slice(start, start + perView).map((testimonial, offset) => (
            <Slide
              key={testimonial.id}
              testimonial={testimonial}
              index={start + offset}
              total={testimonials.length}
              hidden={false}
              compact={device === 'Mobile'}
            />
          ))}
        </div>
      </div>
    ),
  };
  return <CarouselFrame {...props} track={track} />;
}

function CarouselFrame({
  track,
  perView,
  reducedMotion,
  device,
  variant,
  headingLevel,
  testimonials,
}: VariantProps & { track: Track }) {
  const { t } = useTranslation(TESTIMONIALS_NAMESPACE);
  const settings = carouselSettingsFor(variant, device);
  const [choice, setChoice] = useState<RotationChoice>('auto');
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const facts = {
    choice,
    reducedMotion,
    hovered,
    focusInside,
    slideCount: testimonials.length,
    slidesPerView: perView,
  };
  const running = rotationRunning(facts);
  const wanted = rotationWanted(facts);
  const headingId = useId();
  const trackId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // The timer calls the latest `next` without restarting on every render.
  const next = useRef(track.next);
  next.current = track.next;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => next.current(), settings.autoplayMs);
    return () => clearInterval(timer);
  }, [running, settings.autoplayMs]);

  const onFocus = (event: FocusEvent<HTMLElement>) => setFocusInside(!isRotationControl(event.target));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || !event.currentTarget.contains(to) || isRotationControl(to)) setFocusInside(false);
  };

  const style = { '--per-view': perView, '--carousel-transition': `${settings.transitionMs}ms` } as CSSProperties;
  return (
    <section
      className={`testimonial-carousel testimonial-carousel--${variant}`}
      aria-roledescription={t('carousel.roleDescription')}
      aria-labelledby={headingId}
      data-testid="testimonial-carousel"
      data-rotating={running ? 'true' : 'false'}
      style={style}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <Heading id={headingId} className="testimonial-carousel__heading">
        {t('carousel.label')}
      </Heading>
      <div className="testimonial-carousel__controls">
        <Button
          variant="secondary"
          className="testimonial-carousel__control"
          data-rotation-control=""
          aria-label={wanted ? t('carousel.pause') : t('carousel.play')}
          aria-controls={trackId}
          onPress={() => setChoice(toggledChoice(facts))}
          isDisabled={!track.canMove}
        >
          {wanted ? <PauseIcon /> : <PlayIcon />}
        </Button>
        <Button
          variant="secondary"
          className="testimonial-carousel__control"
          aria-label={t('carousel.previous')}
          aria-controls={trackId}
          onPress={track.previous}
          isDisabled={!track.canMove}
        >
          <ArrowIcon direction="previous" />
        </Button>
        <Button
          variant="secondary"
          className="testimonial-carousel__control"
          aria-label={t('carousel.next')}
          aria-controls={trackId}
          onPress={track.next}
          isDisabled={!track.canMove}
        >
          <ArrowIcon direction="next" />
        </Button>
      </div>
      {/* Announce the reviews only when the visitor moves them, not on every automatic turn. */}
      {track.render(running ? 'off' : 'polite', trackId)}
    </section>
  );
}

function Slide({
  testimonial,
  index,
  total,
  hidden,
  compact,
}: {
  testimonial: Testimonial;
  index: number;
  total: number;
  hidden: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation(TESTIMONIALS_NAMESPACE);
  return (
    <div
      className="testimonial-carousel__slide"
      role="group"
      aria-roledescription={t('carousel.slideRoleDescription')}
      aria-label={t('carousel.slide', { index: index + 1, total })}
      aria-hidden={hidden || undefined}
      data-testid="testimonial-slide"
    >
      <TestimonialCard testimonial={testimonial} compact={compact} />
    </div>
  );
}

const isRotationControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-rotation-control]') !== null;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function PauseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="2" width="3.5" height="12" fill="currentColor" />
      <rect x="9.5" y="2" width="3.5" height="12" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 2l10 6-10 6z" fill="currentColor" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg
      className={`testimonial-carousel__arrow testimonial-carousel__arrow--${direction}`}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={direction === 'next' ? 'M5 2l6 6-6 6' : 'M11 2L5 8l6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

// ---------------------------------------------------------------------------------------
// What the browser says about the screen, kept current while the page is open.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const media = window.matchMedia(REDUCED_MOTION);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function useReducedMotion(): boolean {
  // Without a browser (server rendering) assume less motion: nothing starts by itself.
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Without a browser, the width the server guessed, else a common desktop width. */
const SERVER_WIDTH = 1280;

function useViewportWidth(): number {
  const serverWidth = useWholeDrawing()?.viewportWidth ?? SERVER_WIDTH;
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => serverWidth,
  );
}
