import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CarouselApi, CarouselOptions } from './carousel-types';
import { useNearViewport } from './use-near-viewport';

// The engine is most of a carousel's code, and the carousels sit below the fold: it loads, and
// starts, when its carousel comes near the screen. Until then the first slides stand still.
const CarouselEngine = lazy(() => import('./CarouselEngine'));

/**
 * A carousel's engine (Embla) for the viewport behind `viewportRef`, once that viewport is near
 * the screen: `engine` is undefined before. The carousel draws `starter` anywhere in its tree.
 */
export function useCarousel(options: CarouselOptions): {
  viewportRef: (element: HTMLElement | null) => void;
  engine: CarouselApi | undefined;
  starter: ReactNode;
} {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const near = useNearViewport(viewport);
  const [engine, setEngine] = useState<CarouselApi | undefined>(undefined);
  const starter =
    near && viewport ? (
      <Suspense fallback={null}>
        <CarouselEngine viewport={viewport} options={options} onEngine={setEngine} />
      </Suspense>
    ) : null;
  return { viewportRef: setViewport, engine, starter };
}
