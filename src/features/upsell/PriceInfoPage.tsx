import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { priceInfoMachine, type PriceInfoActor } from '../../../machines/price-info.machine';
import { payPerOptionOf, periodKeyOf, type PayPerOption } from '../../../machines/price-info.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { checkoutRoute } from '../../routing/route-table';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { Dialog, DialogTitle, Modal } from '../../ui/Modal';
import './upsell.css';

const NAMESPACE = 'price-info';
const POINTS = ['one', 'two', 'three'] as const;

function usePriceInfo(): PriceInfoActor {
  const { api, startup, navigation, config, recordFlows } = useServices();
  // The machine is made once; useActorRef starts it after the page is committed. Started while
  // drawing, an actor would load twice whenever React drew the page again before committing it.
  const [setup] = useState(() => {
    const { user } = signedInPersonOf(startup);
    const device = deviceFor(window.location.pathname, window.innerWidth);
    const machine = priceInfoMachine.provide({
      actors: {
        loadPayPerOption: fromPromise<PayPerOption | null, void>(async () =>
          payPerOptionOf((await api.skus.list({ countryCD: user.CountryCD })).Skus),
        ),
      },
      actions: {
        leavePopup: (_, output) => {
          if (output.kind === 'checkout')
            navigation.go({ to: checkoutRoute(true, output.device === 'Mobile'), search: { skuid: output.skuId } });
          // A popup page opened from another page goes back to it; opened on its own, to the dashboard.
          else if (window.history.length > 1 && document.referrer.startsWith(window.location.origin))
            window.history.back();
          else navigation.go({ href: config.dashboardUrl });
        },
      },
    });
    return { machine, device };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: { device: setup.device } });
}

/** The pay-per price information: the one-time option's price and terms, in a dialog that Escape closes. */
export function PriceInfoPage() {
  const { t } = useTranslation(NAMESPACE);
  const actor = usePriceInfo();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const notOffered = useSelector(actor, (s) => s.matches('notOffered'));
  const option = useSelector(actor, (s) => (s.matches('shown') ? s.context.option : null));
  const open = useSelector(actor, (s) => s.status === 'active');
  const canChoose = useSelector(actor, (s) => s.can({ type: 'priceInfo.choose' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'priceInfo.retry' }));
  const period = option ? periodKeyOf(option) : null;
  return (
    <section className="simple-page page price-info-page" data-testid="page-price-info" aria-busy={loading}>
      <Modal
        isOpen={open}
        isDismissable
        onOpenChange={(isOpen) => (isOpen ? undefined : actor.send({ type: 'priceInfo.close' }))}
        overlayClassName="price-info-overlay"
        className="price-info"
      >
        <Dialog className="price-info__dialog" data-testid="price-info-dialog">
          <DialogTitle level={1}>{t('heading')}</DialogTitle>
          <p role="status" className="upsell__status">
            {loading ? t('loading') : ''}
          </p>
          {loadFailed ? (
            <FailureNotice
              message={t('loadFailed')}
              retry={
                canRetry
                  ? {
                      label: t('retry'),
                      onPress: () => actor.send({ type: 'priceInfo.retry' }),
                      testId: 'price-info-retry',
                    }
                  : null
              }
              testId="price-info-failed"
            />
          ) : null}
          {notOffered ? <p data-testid="price-info-not-offered">{t('notOffered')}</p> : null}
          {option && period ? (
            <>
              <p className="upsell__price" data-testid="price-info-price">
                {t('price', { price: option.formattedPrice })}
              </p>
              <p>{t(`period.${period.key}`, { count: period.count })}</p>
              <ul className="price-info__points">
                {POINTS.map((key) => (
                  <li key={key}>{t(`points.${key}`)}</li>
                ))}
              </ul>
              <p className="upsell__note">{t('noRenewal')}</p>
            </>
          ) : null}
          <div className="actions upsell__actions">
            {canChoose ? (
              <Button
                variant="primary"
                onPress={() => actor.send({ type: 'priceInfo.choose' })}
                data-testid="price-info-choose"
              >
                {t('choose')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onPress={() => actor.send({ type: 'priceInfo.close' })}
              data-testid="price-info-close"
            >
              {t('close')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </section>
  );
}
