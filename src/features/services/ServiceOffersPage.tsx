import { Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceSkus } from '../../../machines/purchase-funnel.rules';
import { serviceKindOf } from '../../../machines/service-intake.rules';
import type { Sku } from '../../api/schemas/skus';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/startup';
import { checkoutPath, findRoute } from '../../routing/route-table';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { SERVICES_NAMESPACE } from './namespace';
import './services.css';

type OffersRead = { ok: true; services: Sku[] } | { ok: false };

/** The services of the person's market, read once per visit (and again on a retry). */
function useServiceOffers(userUid: string, attempt: number): OffersRead {
  const { api, reads } = useServices();
  return use(
    reads.read(`services:offers:${userUid}:${attempt}`, () =>
      api.skus.list({ userUID: userUid }).then(
        (list): OffersRead => ({ ok: true, services: serviceSkus(list.Skus) }),
        (): OffersRead => ({ ok: false }),
      ),
    ),
  );
}

/**
 * The offers after a purchase (`offers`, and the big-interview offers): the expert services
 * the person may add, each bought through checkout, and the way on to the dashboard.
 */
export default function ServiceOffersPage() {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const bigInterview = findRoute(window.location.pathname)?.id === 'bigInterviewOffers';
  const title = bigInterview ? t('offers.bigInterviewHeading') : t('offers.heading');
  const heading = usePageHeading(title);
  return (
    <section className="simple-page service-offers" data-testid="page-service-offers" aria-labelledby="offers-heading">
      <h1 id="offers-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead">{t('offers.intro')}</p>
      <Suspense fallback={<p role="status">{t('offers.loading')}</p>}>
        <Offers />
      </Suspense>
    </section>
  );
}

function Offers() {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const { startup, config } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [userUid] = useState(() => signedInPersonOf(startup).user.UserUID);
  const read = useServiceOffers(userUid, attempt);
  const mobile = deviceFor(window.location.pathname, window.innerWidth) === 'Mobile';
  const skip = (
    <a className="button button--secondary" href={config.dashboardUrl} data-testid="offers-skip">
      {t('offers.skip')}
    </a>
  );
  if (!read.ok) {
    return (
      <div role="alert" className="notice notice--error" data-testid="offers-load-failed">
        <p>{t('intake.loadFailed')}</p>
        <div className="actions">
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('intake.retry')}
          </Button>
          {skip}
        </div>
      </div>
    );
  }
  return (
    <>
      <ul className="service-offers__list">
        {read.services.flatMap((sku) => {
          const kind = serviceKindOf(sku.ProductID);
          if (!kind) return [];
          return [
            <li key={sku.SkuID} className="service-offers__item" data-testid={`offer-${kind}`}>
              <h2>{t(`kind.${kind}.title`)}</h2>
              <p>{t(`kind.${kind}.lead`)}</p>
              <p className="service-offers__price">{t('section.price', { price: sku.FormattedUnitPrice })}</p>
              <a className="button button--primary" href={`${checkoutPath(true, mobile)}?skuid=${sku.SkuID}`}>
                {t('section.buy', { service: t(`kind.${kind}.short`) })}
              </a>
            </li>,
          ];
        })}
      </ul>
      <div className="actions">{skip}</div>
    </>
  );
}
