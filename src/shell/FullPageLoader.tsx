import { useTranslation } from 'react-i18next';
import type { LoaderKind } from '../../machines/startup-access.rules';
import type { Testimonial } from '../domain/testimonials';
import { TestimonialCard } from '../features/purchase-funnel/sell-page/blocks/TestimonialCard';
import './testimonial-loader.css';

/**
 * Covers the page (z-index 1099) while start-up work is under way; announced to screen readers
 * as a busy status. The animation loader draws a resume being written and greets the person by
 * name; the testimonial loader shows a customer review above the loading text.
 */
export function FullPageLoader({
  kind = 'spinner',
  greeting,
  testimonial,
}: {
  kind?: LoaderKind;
  greeting?: string | null;
  testimonial?: Testimonial | null;
}) {
  const { t } = useTranslation();
  const text = greeting ? t('app.greeting', { name: greeting }) : t('app.loading');
  const shown: LoaderKind = kind === 'testimonial' && !testimonial ? 'spinner' : kind;
  return (
    <div
      className={`full-page-loader full-page-loader--${shown}`}
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="full-page-loader"
    >
      {shown === 'animation' ? (
        <div className="resume-animation" aria-hidden="true">
          <span className="resume-animation__line resume-animation__line--title" />
          <span className="resume-animation__line" />
          <span className="resume-animation__line" />
          <span className="resume-animation__line resume-animation__line--short" />
          <span className="resume-animation__line" />
        </div>
      ) : shown === 'testimonial' ? (
        <>
          <TestimonialCard testimonial={testimonial!} compact />
          <div className="testimonial-loader__bar" aria-hidden="true" />
        </>
      ) : (
        <div className="full-page-loader__spinner" aria-hidden="true" />
      )}
      <p className="full-page-loader__text">{text}</p>
    </div>
  );
}
