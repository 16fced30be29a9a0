import { useEffect, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HIRED_BY_EMBLA_DURATION,
  HIRED_BY_SLIDER,
  hiredByCompanies,
  hiredBySlides,
  hiredByThemeFromData,
} from '../../../../domain/hired-by';
import { Button } from '../../../../ui/Button';
import { useCarousel } from '../../../../ui/use-carousel';
import { useWholeDrawing } from '../../../../ui/whole-drawing';
import { BlockHeading, type HeadingLevel } from './BlockHeading';
import { CompanyWordmark } from './CompanyWordmark';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import { useReducedMotion } from './use-reduced-motion';
import './blocks.css';

export interface HiredByBladeProps {
  /** The hiredBy config block's Data: { theme: 'dark' | 'light' | 'grey' }. */
  data?: unknown;
  /** 2-letter country; decides how many logos (5 unknown, 4 IN, 6 GB, 9 CA, 13 elsewhere). */
  country: string | null | undefined;
  headingLevel?: HeadingLevel;
}

type PlayChoice = 'auto' | 'playing' | 'paused';

/**
 * Logos of companies that hired our users, sliding one logo along every 2 s (each move takes
 * 3 s). It slides only when the logos overflow the row; it stops while hovered or focused, on
 * the pause button, and does not start by itself when reduced motion is asked for.
 */
export function HiredByBlade({ data, country, headingLevel = 2 }: HiredByBladeProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const headingId = useId();
  const reducedMotion = useReducedMotion();
  const theme = hiredByThemeFromData(data);
  const companies = hiredByCompanies(country);
  // The slider's engine loads and starts when the row comes near the screen; until then the logos stand still.
  const {
    viewportRef,
    engine: embla,
    starter,
  } = useCarousel({
    loop: true,
    align: 'start',
    duration: reducedMotion ? 0 : HIRED_BY_EMBLA_DURATION,
  });
  // Known before Embla starts, so the pause button is there from the first paint and moves nothing.
  const serverWidth = useWholeDrawing()?.viewportWidth ?? null;
  const [canSlide, setCanSlide] = useState(() =>
    typeof window === 'undefined'
      ? serverWidth !== null && hiredBySlides(companies.length, serverWidth)
      : hiredBySlides(companies.length, window.innerWidth),
  );
  const [choice, setChoice] = useState<PlayChoice>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const measure = () => setCanSlide(embla.canScrollNext() || embla.canScrollPrev());
    measure();
    embla.on('reInit', measure).on('resize', measure);
    return () => {
      embla.off('reInit', measure).off('resize', measure);
    };
  }, [embla]);

  const wantsToPlay = choice === 'playing' || (choice === 'auto' && !reducedMotion);
  const playing = canSlide && wantsToPlay;
  const moving = playing && !hovered && !focused;

  useEffect(() => {
    if (!embla || !moving) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        embla.scrollNext();
        // An instant jump (reduced motion) never reports 'settle', so the next one is timed from here.
        if (reducedMotion) schedule();
      }, HIRED_BY_SLIDER.autoplayDelayMs);
    };
    const stop = () => clearTimeout(timer);
    schedule();
    embla.on('settle', schedule).on('pointerDown', stop);
    return () => {
      stop();
      embla.off('settle', schedule).off('pointerDown', stop);
    };
  }, [embla, moving, reducedMotion]);

  const style = {
    '--sb-hired-by-per-view': HIRED_BY_SLIDER.slidesPerView,
    '--sb-hired-by-per-view-narrow': HIRED_BY_SLIDER.narrowSlidesPerView,
  } as CSSProperties;

  return (
    <section
      className={`sb-block sb-hired-by sb-hired-by--${theme}`}
      aria-labelledby={headingId}
      style={style}
      data-testid="hired-by"
      data-theme={theme}
      data-logo-count={companies.length}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="sb-hired-by__bar">
        <BlockHeading level={headingLevel} id={headingId} className="sb-hired-by__heading">
          {t('hiredBy.heading')}
        </BlockHeading>
        {canSlide ? (
          <Button
            variant="secondary"
            className="sb-toggle"
            onPress={() => setChoice(playing ? 'paused' : 'playing')}
            data-testid="hired-by-toggle"
          >
            {playing ? t('hiredBy.pause') : t('hiredBy.play')}
          </Button>
        ) : null}
      </div>
      {starter}
      <div className="sb-hired-by__viewport" ref={viewportRef}>
        <ul className="sb-hired-by__track" aria-label={t('hiredBy.listLabel')}>
          {companies.map((company, index) => (
            <li className="sb-hired-by__slide" key={company.id}>
              <CompanyWordmark company={company} index={index} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
