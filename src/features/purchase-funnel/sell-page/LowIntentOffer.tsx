import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LowIntentOfferActor } from '../../../../machines/low-intent-offer.machine';
import type { LowIntentOfferType } from '../../../../machines/low-intent-offer.rules';
import { formatStrikePrice } from '../../../domain/low-intent-price';
import { supportedCulture } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, DialogTitle, Modal } from '../../../ui/Modal';
import { useLowIntentOfferActor, useLowIntentOfferSetup, type LowIntentOfferFacts, type LowIntentOfferSetup } from './use-low-intent-offer';
import './low-intent-offer.css';

export interface LowIntentOfferProps extends LowIntentOfferFacts {
  /** Called once when the visitor takes one of the offers. */
  onOfferAccepted?: (offer: LowIntentOfferType) => void;
}

/**
 * The low-intent offer popup of the sell page: a returning low-intent visitor may pick one
 * extra for free, or say no thanks. The machine decides whether it opens and what each
 * choice does; this only draws it. Renders nothing for visitors who are not signed in.
 */
export function LowIntentOffer({ onOfferAccepted, ...facts }: LowIntentOfferProps) {
  const setup = useLowIntentOfferSetup(facts);
  return setup ? <LowIntentOfferPopup setup={setup} onOfferAccepted={onOfferAccepted} /> : null;
}

function LowIntentOfferPopup({ setup, onOfferAccepted }: { setup: LowIntentOfferSetup; onOfferAccepted?: (offer: LowIntentOfferType) => void }) {
  const { t, i18n } = useTranslation('low-intent');
  const actor = useLowIntentOfferActor(setup);
  const isOpen = useSelector(actor, (s) => s.matches('shown'));
  const offers = useSelector(actor, (s) => s.context.block.offers);
  const canDecline = useSelector(actor, (s) => s.can({ type: 'offer.decline', at: 0 }));
  const accepted = useSelector(actor, (s) => (s.output?.outcome === 'accepted' ? s.output.offer : null));
  const price = formatStrikePrice(setup.price, supportedCulture(i18n.language));
  const listLabel = useId();

  // The page opens the popup once it has read the visitor; the machine's rules say whether it shows.
  useEffect(() => {
    actor.send({ type: 'offer.show', at: Date.now() });
  }, [actor]);

  const reported = useRef(false);
  useEffect(() => {
    if (accepted && !reported.current) {
      reported.current = true;
      onOfferAccepted?.(accepted);
    }
  }, [accepted, onOfferAccepted]);

  return (
    <>
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
              <Button variant="link" className="low-intent-dialog__close" aria-label={t('close')} onPress={() => actor.send({ type: 'offer.dismiss', at: Date.now() })}>
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
              <Button variant="secondary" isDisabled={!canDecline} onPress={() => actor.send({ type: 'offer.decline', at: Date.now() })}>
                {t('skip')}
              </Button>
            </div>
          </Dialog>
      </Modal>
      <div role="status" className="low-intent-claimed" data-testid="low-intent-claimed">
        {accepted ? t('claimed', { offer: t(`offers.${accepted}.name`) }) : null}
      </div>
    </>
  );
}

function OfferChoice({ actor, offer, price }: { actor: LowIntentOfferActor; offer: LowIntentOfferType; price: string }) {
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
      <Button isDisabled={!canAccept} aria-describedby={priceId} onPress={() => actor.send({ type: 'offer.accept', offer, at: Date.now() })}>
        {t('choose', { offer: name })}
      </Button>
    </li>
  );
}
