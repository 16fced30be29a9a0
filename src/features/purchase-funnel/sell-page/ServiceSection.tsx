import { useTranslation } from 'react-i18next';
import { serviceKindOf } from '../../../../machines/service-products.rules';
import type { Sku } from '../../../api/schemas/skus';
import { checkoutRoute } from '../../../routing/route-table';
import { hrefOf } from '../../../routing/route-target';
import { skuIdentity } from '../../../domain/catalogue';
import { useCatalogue } from '../../../ui/use-catalogue';

/**
 * The services (review, tune-up, writing) offered under the plans: each a one-time purchase
 * through the same checkout, which then leads to the page the post-payment rules name.
 */
export function ServiceSection({
  services,
  checkoutMigrated,
  mobile,
}: {
  services: readonly Sku[];
  checkoutMigrated: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation('services');
  const catalogue = useCatalogue();
  const offered = services.flatMap((sku) => {
    const kind = serviceKindOf(sku.ProductID);
    return kind ? [{ sku, kind }] : [];
  });
  if (offered.length === 0) return null;
  return (
    <section className="sell-page__services" aria-labelledby="services-heading" data-testid="service-section">
      <h2 id="services-heading">{t('section.heading')}</h2>
      <p className="lead">{t('section.intro')}</p>
      <ul className="service-list">
        {offered.map(({ sku, kind }) => (
          <li key={sku.SkuID} className="service-list__item" data-testid={`service-${kind}`}>
            <h3>{catalogue.nameOf(skuIdentity(sku))}</h3>
            <p>{t(`kind.${kind}.lead`)}</p>
            <p className="service-list__price">{t('section.price', { price: sku.FormattedUnitPrice })}</p>
            <a
              className="button button--secondary"
              href={hrefOf({ to: checkoutRoute(checkoutMigrated, mobile), search: { skuid: sku.SkuID } })}
              data-testid={`buy-${kind}`}
            >
              {t('section.buy', { service: t(`kind.${kind}.short`) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
