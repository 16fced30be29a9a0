import { useTranslation } from 'react-i18next';
import type { PlanTier } from '../../../../machines/purchase-funnel.rules';
import { featuresOf } from '../../../domain/sell-plans';
import { InfoTooltip } from '../../../ui/Tooltip';
import { useCatalogue } from '../../../ui/use-catalogue';
import { productNameByKey, SELL_PAGE_PRODUCT_BY_TIER } from '../../../domain/catalogue';

/** What the chosen plan includes; what it leaves out is listed too, and said so in words. */
export function FeatureList({ tier, withTooltips }: { tier: PlanTier | null; withTooltips: boolean }) {
  const { t } = useTranslation('funnel');
  const catalogue = useCatalogue();
  return (
    <section className="feature-list" aria-labelledby="feature-list-heading" data-testid="feature-list">
      <h2 id="feature-list-heading">
        {t('sell.featuresHeading', {
          plan: productNameByKey(catalogue.t, SELL_PAGE_PRODUCT_BY_TIER[tier ?? 'fullAccess']),
        })}
      </h2>
      <ul>
        {featuresOf(tier).map(({ feature, included }) => (
          <li
            key={feature}
            className={included ? 'feature feature--included' : 'feature feature--excluded'}
            data-feature={feature}
            data-included={included}
          >
            <span aria-hidden="true" className="feature__mark">
              {included ? '✓' : '–'}
            </span>
            <span className="feature__name">{t(`feature.${feature}.name`)}</span>
            {included ? null : <span className="visually-hidden">{t('sell.notIncluded')}</span>}
            {withTooltips ? (
              <InfoTooltip
                label={t('sell.aboutFeature', { feature: t(`feature.${feature}.name`) })}
                text={t(`feature.${feature}.hint`)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
