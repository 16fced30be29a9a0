import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { FunnelActor } from '../../app/purchase-funnel/funnel-effects';

/** The plans could not be loaded: say so, and offer the machine's retry. */
export function OfferUnavailable({ actor }: { actor: FunnelActor }) {
  const { t } = useTranslation('funnel');
  return (
    <div role="alert" className="notice notice--error">
      <p>{t('sell.unavailable')}</p>
      <Button variant="secondary" onPress={() => actor.send({ type: 'offer.retry' })}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** Someone who already has a plan is not sold a second one. */
export function AlreadySubscribedNotice({ dashboardUrl }: { dashboardUrl: string }) {
  const { t } = useTranslation('funnel');
  return (
    <div className="notice" data-testid="already-subscribed" role="status">
      <p>{t('alreadySubscribed')}</p>
      <a className="button button--primary" href={dashboardUrl}>
        {t('goToDashboard')}
      </a>
    </div>
  );
}
