import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countForm } from '../../../../domain/sell-blocks';
import {
  filledStars,
  formatRating,
  parseTrustRatingData,
  ratingBand,
  starFills,
} from '../../../../domain/trust-rating';
import { formatCount } from '../../../../domain/social-proof';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface TrustRatingProps {
  /** The trustRating config block's Data: { ratingType, starRating, reviewCount, numericRating, cutoffs, oneDecimal? }. */
  data: unknown;
  /** Defaults to the page's language. */
  culture?: string;
}

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ fill, clipId }: { fill: number; clipId: string }) {
  return (
    <svg className="sb-star" viewBox="0 0 24 24" width={24} height={24} aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <rect x="0" y="0" width={24 * fill} height="24" />
      </clipPath>
      <path d={STAR_PATH} className="sb-star__empty" />
      <path d={STAR_PATH} className="sb-star__full" clipPath={`url(#${clipId})`} />
    </svg>
  );
}

/**
 * The review-site rating: band label and stars, and for the Dynamic type the numeric rating
 * and the review count. The stars are one image whose text says the rating out of 5.
 */
export function TrustRating({ data, culture }: TrustRatingProps) {
  const { t, i18n } = useTranslation(SELL_BLOCKS_NAMESPACE);
  // url(#id) must not meet the punctuation React puts in its ids.
  const idBase = `sb-star${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const rating = parseTrustRatingData(data);
  if (!rating) return null;
  const lang = culture ?? i18n.language;
  const band = ratingBand(rating.numericRating, rating.cutoffs);
  const stars = formatRating(filledStars(rating.starRating), lang, false);
  const dynamic = rating.ratingType === 'Dynamic';
  return (
    <section
      className="sb-block sb-trust-rating"
      aria-label={t('trustRating.label')}
      data-testid="trust-rating"
      data-rating-type={rating.ratingType}
      data-band={band}
    >
      <p className="sb-trust-rating__band">{t(`trustRating.band.${band}`)}</p>
      <span className="sb-trust-rating__stars" role="img" aria-label={t('trustRating.starsAlt', { stars })}>
        {starFills(rating.starRating).map((fill, i) => (
          <Star key={i} fill={fill} clipId={`${idBase}-star-${i}`} />
        ))}
      </span>
      {dynamic ? (
        <p className="sb-trust-rating__figures">
          <span data-testid="trust-rating-score">
            {t('trustRating.score', { rating: formatRating(rating.numericRating, lang, rating.oneDecimal) })}
          </span>
          {rating.reviewCount !== null ? (
            <span data-testid="trust-rating-reviews">
              {t(`trustRating.reviews.${countForm(lang, rating.reviewCount)}`, {
                number: formatCount(rating.reviewCount, lang),
              })}
            </span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
