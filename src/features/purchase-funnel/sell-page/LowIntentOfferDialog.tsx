import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LowIntentOfferActor } from '../../../../machines/low-intent-offer.machine';
import type { LowIntentOfferType } from '../../../../machines/low-intent-offer.rules';
import { Button } from '../../../ui/Button';
import { Dialog, DialogTitle, Modal } from '../../../ui/Modal';

/** The low-intent offer's popup itself: loaded only once the machine opens it (see LowIntentOffer.tsx). */
export default function LowIntentOfferDialog({
  actor,
  isOpen,
  price,
}: {
  actor: LowIntentOfferActor;
  isOpen: boolean;
  price: string;
}) {
  const { t } = useTranslation('low-intent');
  const offers = useSelector(actor, (s) => s.context.block.offers);
  const canDecline = useSelector(actor, (s) => s.can({ type: 'offer.decline', at: 0 }));
  const listLabel = useId();
  return (
    <Modal
      overlayClassName="low-intent-overlay"
      className="low-intent-modal"
      isOpen={isOpen}
      // A stray click beside the popup should not throw the offer away; Escape and the close button do.
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'offer.dismiss', at: Date.now() });
      }}
    >
      <Dialog className="low-intent-dialog" data-testid="low-intent-offer">
        <div className="low-intent-dialog__head">
          <DialogTitle level={2}>{t('title')}</DialogTitle>
          <Button
            variant="link"
            className="low-intent-dialog__close"
            aria-label={t('close')}
            onPress={() => actor.send({ type: 'offer.dismiss', at: Date.now() })}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </div>
        <p className="low-intent-dialog__intro">{t('intro')}</p>
        <p id={listLabel} className="low-intent-hidden">
          {t('offersLabel')}
        </p>
        <ul className="low-intent-offers" aria-labelledby={listLabel}>
          {offers.map((offer) => (
            <OfferChoice key={offer} actor={actor} offer={offer} price={price} />
          ))}
        </ul>
        <div className="low-intent-dialog__actions">
          <Button
            variant="secondary"
            isDisabled={!canDecline}
            onPress={() => actor.send({ type: 'offer.decline', at: Date.now() })}
          >
            {t('skip')}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}

function OfferChoice({
  actor,
  offer,
  price,
}: {
  actor: LowIntentOfferActor;
  offer: LowIntentOfferType;
  price: string;
}) {
  const { t } = useTranslation('low-intent');
  const canAccept = useSelector(actor, (s) => s.can({ type: 'offer.accept', offer, at: 0 }));
  const nameId = useId();
  const priceId = useId();
  const name = t(`offers.${offer}.name`);
  return (
    <li className="low-intent-offer" data-offer={offer}>
      <h3 id={nameId} className="low-intent-offer__name">
        {name}
      </h3>
      <p className="low-intent-offer__description">{t(`offers.${offer}.description`)}</p>
      <p id={priceId} className="low-intent-offer__price">
        {/* Screen readers do not announce a strike-through, so the struck price is also said in words. */}
        <span className="low-intent-hidden">{t('regularPrice', { price })}</span>
        <s aria-hidden="true" className="low-intent-offer__was">
          {price}
        </s>{' '}
        <strong className="low-intent-offer__free">{t('free')}</strong>
      </p>
      <Button
        isDisabled={!canAccept}
        aria-describedby={priceId}
        onPress={() => actor.send({ type: 'offer.accept', offer, at: Date.now() })}
      >
        {t('choose', { offer: name })}
      </Button>
    </li>
  );
}
