import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import type { CarouselApi, CarouselOptions } from './carousel-types';

interface CarouselEngineProps {
  viewport: HTMLElement;
  options: CarouselOptions;
  onEngine: (engine: CarouselApi | undefined) => void;
}

/** Embla on the carousel's viewport: draws nothing, hands its engine to the carousel (use-carousel.tsx). */
export default function CarouselEngine({ viewport, options, onEngine }: CarouselEngineProps) {
  const [attach, engine] = useEmblaCarousel(options);
  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => {
    onEngine(engine);
    return () => onEngine(undefined);
  }, [engine, onEngine]);
  return null;
}
