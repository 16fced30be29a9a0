import { useTranslation } from 'react-i18next';
import { TESTIMONIALS_NAMESPACE, type Testimonial, type TestimonialFlag } from '../../../domain/testimonials';
import './testimonials.css';

const FLAG_EMOJI: Record<Exclude<TestimonialFlag, 'no-flag'>, string> = { usa: '🇺🇸', can: '🇨🇦' };

/**
 * One customer review: heading, quote, and who said it. `compact` uses the short name, for the
 * loader and narrow slides. The heading is a paragraph, not a heading element: seven reviews
 * would otherwise crowd the page's outline.
 */
export function TestimonialCard({ testimonial, compact = false }: { testimonial: Testimonial; compact?: boolean }) {
  const { t } = useTranslation(TESTIMONIALS_NAMESPACE);
  return (
    <figure className={`testimonial-card${compact ? ' testimonial-card--compact' : ''}`} data-testid="testimonial-card" data-testimonial-id={testimonial.id}>
      <p className="testimonial-card__heading">{t(testimonial.ReviewHeading)}</p>
      <blockquote className="testimonial-card__review">
        <p>{t(testimonial.Review)}</p>
      </blockquote>
      <figcaption className="testimonial-card__person">
        <img className={`testimonial-card__avatar ${testimonial.ReviewerImageClass}`} src={testimonial.userThumbnail} alt="" width={48} height={48} />
        <span className="testimonial-card__who">
          <span className="testimonial-card__name">{compact ? testimonial.userName : testimonial.ReviewerName}</span>
          <span className="testimonial-card__title">{t(testimonial.title)}</span>
        </span>
        {testimonial.flag === 'no-flag' ? null : (
          <span className={`testimonial-card__flag testimonial-card__flag--${testimonial.flag}`} role="img" aria-label={t(`flag.${testimonial.flag}`)}>
            {FLAG_EMOJI[testimonial.flag]}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
