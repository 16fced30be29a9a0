import { useTranslation } from 'react-i18next';
import { welcomeKindOf, type ConfirmedOrder, type WelcomeKind } from '../../../machines/order-confirmation.rules';
import { Button } from '../../ui/Button';
import { Dialog, DialogTitle, Modal } from '../../ui/Modal';

/** What each kind of purchase is promised: only what that purchase includes. */
const POINTS: Record<WelcomeKind, readonly string[]> = {
  fullPlan: ['unlimited', 'templates', 'samples', 'help'],
  limitedPlan: ['oneResume', 'templates', 'samples', 'help'],
  plan: ['templates', 'samples', 'help'],
  service: ['intake', 'expert', 'email'],
};

/**
 * The welcome shown over a fresh confirmation, worded by what was bought (welcomeKindOf) and
 * naming it as the culture's catalogue does.
 * react-aria keeps focus inside while it is open, closes it with Escape, and gives focus back to
 * the page heading afterwards.
 */
export function WelcomeModal({
  isOpen,
  order,
  productName,
  onClose,
}: {
  isOpen: boolean;
  order: Pick<ConfirmedOrder, 'productId' | 'planTier' | 'upsellCode' | 'skuLabel'>;
  productName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const kind = welcomeKindOf(order);
  if (kind === null) return null;
  return (
    <Modal
      overlayClassName="welcome-overlay"
      className="welcome-modal"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => !open && onClose()}
    >
      <Dialog className="welcome-modal__dialog" data-testid="welcome-modal" data-kind={kind}>
        <DialogTitle>{t('welcome.title')}</DialogTitle>
        <p>{t(`welcome.${kind}.intro`, { product: productName })}</p>
        <ul className="welcome-modal__list">
          {POINTS[kind].map((point) => (
            <li key={point}>{t(`welcome.points.${point}`)}</li>
          ))}
        </ul>
        <Button slot="close">{t(kind === 'service' ? 'welcome.gotIt' : 'welcome.start')}</Button>
      </Dialog>
    </Modal>
  );
}
