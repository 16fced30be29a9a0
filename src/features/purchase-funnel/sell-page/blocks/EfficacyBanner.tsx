import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { efficacyPercent } from '../../../../domain/sell-blocks';
import { BlockHeading, type HeadingLevel } from './BlockHeading';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface EfficacyBannerProps {
  /** The efficacyBanner config block's Data: { percent?: 1..100 }. Without it the banner makes no numeric claim. */
  data?: unknown;
  culture?: string;
  headingLevel?: HeadingLevel;
}

/** What the builder does for job seekers; a survey figure only when config supplies one. */
export function EfficacyBanner({ data, culture, headingLevel = 2 }: EfficacyBannerProps) {
  const { t, i18n } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const headingId = useId();
  const percent = efficacyPercent(data);
  const lang = culture ?? i18n.language;
  return (
    <section className="sb-block sb-banner sb-efficacy" aria-labelledby={headingId} data-testid="efficacy">
      <svg className="sb-banner__icon" viewBox="0 0 24 24" width={40} height={40} aria-hidden="true" focusable="false">
        <path
          d="M4 19h16M6 16l4-5 3 3 5-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <BlockHeading level={headingLevel} id={headingId} className="sb-banner__heading">
          {t('efficacy.heading')}
        </BlockHeading>
        <p className="sb-banner__text">
          {percent === null
            ? t('efficacy.text')
            : t('efficacy.survey', {
                percent: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
                  percent / 100,
                ),
              })}
        </p>
      </div>
    </section>
  );
}
