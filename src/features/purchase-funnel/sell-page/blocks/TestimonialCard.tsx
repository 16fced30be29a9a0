import { useTranslation } from 'react-i18next';
import { TESTIMONIALS_NAMESPACE, type Testimonial, type TestimonialFlag } from '../../../../domain/testimonials';
import './testimonials.css';

/** Small drawn flags: flag emoji do not show on every system (Windows prints two letters). */
function Flag({ flag, label }: { flag: Exclude<TestimonialFlag, 'no-flag'>; label: string }) {
  return (
    <svg
      className={`testimonial-card__flag testimonial-card__flag--${flag}`}
      role="img"
      aria-label={label}
      width="24"
      height="16"
      viewBox="0 0 24 16"
    >
      {flag === 'usa' ? (
        <>
          <rect width="24" height="16" fill="#fff" />
          {[0, 2, 4, 6, 8, 10, 12].map((row) => (
            <rect key={row} y={(row * 16) / 13} width="24" height={16 / 13} fill="#b22234" />
          ))}
          <rect width="10" height={(7 * 16) / 13} fill="#3c3b6e" />
        </>
      ) : (
        <>
          <rect width="24" height="16" fill="#fff" />
          <rect width="6" height="16" fill="#d52b1e" />
          <rect x="18" width="6" height="16" fill="#d52b1e" />
          <path
            d="M12 3l1 2 1.5-.5-.5 3 1.5-1 .5 1 1.5-.5-1 2.5.5.5-3 1v1.5h-1V11l-3-1 .5-.5-1-2.5 1.5.5.5-1 1.5 1-.5-3L11 5z"
            fill="#d52b1e"
          />
        </>
      )}
    </svg>
  );
}

/**
 * One customer review: heading, quote, and who said it. `compact` uses the short name, for the
 * loader and narrow slides. The heading is a paragraph, not a heading element: seven reviews
 * would otherwise crowd the page's outline.
 */
export function TestimonialCard({ testimonial, compact = false }: { testimonial: Testimonial; compact?: boolean }) {
  const { t } = useTranslation(TESTIMONIALS_NAMESPACE);
  return (
    <figure
      className={`testimonial-card${compact ? ' testimonial-card--compact' : ''}`}
      data-testid="testimonial-card"
      data-testimonial-id={testimonial.id}
    >
      <p className="testimonial-card__heading">{t(testimonial.ReviewHeading)}</p>
      <blockquote className="testimonial-card__review">
        <p>{t(testimonial.Review)}</p>
      </blockquote>
      <figcaption className="testimonial-card__person">
        <img
          className={`testimonial-card__avatar ${testimonial.ReviewerImageClass}`}
          src={testimonial.userThumbnail}
          alt=""
          width={48}
          height={48}
        />
        <span className="testimonial-card__who">
          <span className="testimonial-card__name">{compact ? testimonial.userName : testimonial.ReviewerName}</span>
          <span className="testimonial-card__title">{t(testimonial.title)}</span>
        </span>
        {testimonial.flag === 'no-flag' ? null : <Flag flag={testimonial.flag} label={t(`flag.${testimonial.flag}`)} />}
      </figcaption>
    </figure>
  );
}
