import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../../../domain/eligibility';
import { appLinks } from '../../../../domain/sell-blocks';
import { BlockHeading, type HeadingLevel } from './BlockHeading';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface AppBladeProps {
  /** The appBlade config block's Data: { iosUrl?, androidUrl? } (http(s) only). */
  data?: unknown;
  device: DeviceType | null | undefined;
  headingLevel?: HeadingLevel;
}

/** The mobile-app promotion: on mobile only, and only with at least one store link to offer. */
export function AppBlade({ data, device, headingLevel = 2 }: AppBladeProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const headingId = useId();
  const links = appLinks(data);
  if (device !== 'Mobile' || (!links.ios && !links.android)) return null;
  return (
    <section className="sb-block sb-banner sb-app-blade" aria-labelledby={headingId} data-testid="app-blade">
      <svg className="sb-banner__icon" viewBox="0 0 24 24" width={40} height={40} aria-hidden="true" focusable="false">
        <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 18.5h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div>
        <BlockHeading level={headingLevel} id={headingId} className="sb-banner__heading">
          {t('appBlade.heading')}
        </BlockHeading>
        <p className="sb-banner__text">{t('appBlade.text')}</p>
        <p className="sb-app-blade__links">
          {links.ios ? (
            <a className="button button--secondary" href={links.ios} rel="noopener noreferrer">
              {t('appBlade.ios')}
            </a>
          ) : null}
          {links.android ? (
            <a className="button button--secondary" href={links.android} rel="noopener noreferrer">
              {t('appBlade.android')}
            </a>
          ) : null}
        </p>
      </div>
    </section>
  );
}
