import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { createI18n } from '../../src/i18n';
import {
  TestimonialCarousel,
  type TestimonialCarouselProps,
} from '../../src/features/purchase-funnel/sell-page/blocks/TestimonialCarousel';
import { testimonialsFor } from '../../src/domain/testimonials';

let english: i18n;
let german: i18n;
beforeAll(async () => {
  english = await createI18n('en-US');
  german = await createI18n('de-DE');
});

/** The carousel's markup, rendered without a browser; checked for roles and labels. */
function render(props: TestimonialCarouselProps, instance = english): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <TestimonialCarousel {...props} />
    </I18nextProvider>,
  );
}

const groups = (html: string) => [...html.matchAll(/<div[^>]*role="group"[^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

describe('testimonial carousel markup', () => {
  it('is a labelled carousel region with seven slides as groups "n of 7"', () => {
    const html = render({ country: 'US', device: 'Desktop' });
    expect(html).toMatch(/<section[^>]*aria-roledescription="carousel"[^>]*aria-labelledby="([^"]+)"/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<h2 id="${labelledBy}" class="testimonial-carousel__heading">What our customers say</h2>`);
    const slides = groups(html);
    expect(slides.map((s) => attr(s, 'aria-label'))).toEqual([
      '1 of 7',
      '2 of 7',
      '3 of 7',
      '4 of 7',
      '5 of 7',
      '6 of 7',
      '7 of 7',
    ]);
    expect(slides.every((s) => attr(s, 'aria-roledescription') === 'slide')).toBe(true);
  });

  it('has pause/play first, then previous and next, each controlling the slides', () => {
    const html = render({ country: 'US', device: 'Desktop' });
    const buttons = [...html.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
    // Rendered without a browser, rotation counts as not wanted (reduced motion assumed): the button offers to start it.
    expect(buttons.map((b) => attr(b, 'aria-label'))).toEqual([
      'Start automatic rotation',
      'Previous reviews',
      'Next reviews',
    ]);
    const trackId = /class="testimonial-carousel__track" id="([^"]+)"/.exec(html)![1];
    expect(buttons.every((b) => attr(b, 'aria-controls') === trackId)).toBe(true);
  });

  it('announces politely while not rotating, and hides the slides out of view', () => {
    const html = render({ country: 'US', device: 'Desktop' });
    expect(html).toMatch(/class="testimonial-carousel__track" id="[^"]+" aria-live="polite"/);
    // At the server's desktop width (1280 px) three reviews sit side by side.
    expect(groups(html).map((s) => attr(s, 'aria-hidden'))).toEqual([null, null, null, 'true', 'true', 'true', 'true']);
  });

  it("shows the segment's reviews of the country, counted among themselves", () => {
    const html = render({ country: 'CA', device: 'Desktop', segment: 'less-experienced' });
    expect(groups(html).map((s) => attr(s, 'aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(html).toContain('data-testimonial-id="ca-2"');
    expect(html).not.toContain('data-testimonial-id="ca-1"');
  });

  it('the fade variant shows one window of reviews at a time', () => {
    const html = render({ country: 'IN', device: 'Desktop', variant: 'fade' });
    expect(groups(html).map((s) => attr(s, 'aria-label'))).toEqual(['1 of 7', '2 of 7', '3 of 7']);
    expect(html).toContain('testimonial-carousel--fade');
  });

  it('on a phone shows one review, with the short name', () => {
    const html = render({ country: 'US', device: 'Mobile' });
    expect(groups(html).map((s) => attr(s, 'aria-hidden'))).toEqual([
      null,
      'true',
      'true',
      'true',
      'true',
      'true',
      'true',
    ]);
    expect(html).toContain(`>${testimonialsFor('US')[0]!.userName}<`);
    expect(html).toContain('--per-view:1');
  });

  it('speaks German in German', () => {
    const html = render({ country: 'DE', device: 'Desktop' }, german);
    expect(html).toContain('aria-roledescription="Karussell"');
    expect(groups(html)[0]).toContain('aria-label="1 von 7"');
    expect(html).toContain('aria-label="Nächste Bewertungen"');
  });
});
