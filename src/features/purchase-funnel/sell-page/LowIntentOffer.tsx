import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LowIntentOfferType } from '../../../../machines/low-intent-offer.rules';
import { formatStrikePrice } from '../../../domain/low-intent-price';
import { supportedCulture } from '../../../i18n';
import {
  useLowIntentOfferActor,
  useLowIntentOfferSetup,
  type LowIntentOfferFacts,
  type LowIntentOfferSetup,
} from './use-low-intent-offer';
import './low-intent-offer.css';

const LowIntentOfferDialog = lazy(() => import('./LowIntentOfferDialog'));

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

function LowIntentOfferPopup({
  setup,
  onOfferAccepted,
}: {
  setup: LowIntentOfferSetup;
  onOfferAccepted?: (offer: LowIntentOfferType) => void;
}) {
  const { t, i18n } = useTranslation('low-intent');
  const actor = useLowIntentOfferActor(setup);
  const isOpen = useSelector(actor, (s) => s.matches('shown'));
  const accepted = useSelector(actor, (s) => (s.output?.outcome === 'accepted' ? s.output.offer : null));
  const price = formatStrikePrice(setup.price, supportedCulture(i18n.language));

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

  // The dialog's code (react-aria's modal and dialog) loads when the machine first opens it: most
  // visitors never see the popup. Once loaded it stays, so it can close as it should.
  const [dialogWanted, setDialogWanted] = useState(isOpen);
  if (isOpen && !dialogWanted) setDialogWanted(true);

  return (
    <>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LowIntentOfferDialog actor={actor} isOpen={isOpen} price={price} />
        </Suspense>
      ) : null}
      <div role="status" className="low-intent-claimed" data-testid="low-intent-claimed">
        {accepted ? t('claimed', { offer: t(`offers.${accepted}.name`) }) : null}
      </div>
    </>
  );
}
