import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countForm, moneyBackDays } from '../../../../domain/sell-blocks';
import { BlockHeading, type HeadingLevel } from './BlockHeading';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface MoneyBackBannerProps {
  /** The moneyBack config block's Data: { days } (14 when missing or not a whole number of days). */
  data?: unknown;
  culture?: string;
  headingLevel?: HeadingLevel;
}

/** The money-back guarantee: a shield, a heading with the number of days, one line of terms. */
export function MoneyBackBanner({ data, culture, headingLevel = 2 }: MoneyBackBannerProps) {
  const { t, i18n } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const headingId = useId();
  const days = moneyBackDays(data);
  const form = countForm(culture ?? i18n.language, days);
  return (
    <section
      className="sb-block sb-banner sb-money-back"
      aria-labelledby={headingId}
      data-testid="money-back"
      data-days={days}
    >
      <svg className="sb-banner__icon" viewBox="0 0 24 24" width={40} height={40} aria-hidden="true" focusable="false">
        <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill="currentColor" />
        <path
          d="M8 12l3 3 5-6"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <BlockHeading level={headingLevel} id={headingId} className="sb-banner__heading">
          {t(`moneyBack.heading.${form}`, { days })}
        </BlockHeading>
        <p className="sb-banner__text">{t(`moneyBack.text.${form}`, { days })}</p>
      </div>
    </section>
  );
}
