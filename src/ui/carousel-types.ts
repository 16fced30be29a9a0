import type useEmblaCarousel from 'embla-carousel-react';
import type { UseEmblaCarouselType } from 'embla-carousel-react';

/** A carousel's running engine and its options: shared by the hook and the lazily loaded engine, so neither imports the other's types. */
export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;
export type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];
