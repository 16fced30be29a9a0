import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog, DialogTitle, Modal } from '../../ui/Modal';

const FEATURES = ['unlimited', 'templates', 'samples', 'help'] as const;

/**
 * The welcome shown over a fresh confirmation. react-aria keeps focus inside while it is open,
 * closes it with Escape, and gives focus back to the page heading afterwards.
 */
export function WelcomeModal({ isOpen, plan, onClose }: { isOpen: boolean; plan: string; onClose: () => void }) {
  const { t } = useTranslation('order');
  return (
    <Modal overlayClassName="welcome-overlay" className="welcome-modal" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && onClose()}>
        <Dialog className="welcome-modal__dialog" data-testid="welcome-modal">
          <DialogTitle>{t('welcome.title')}</DialogTitle>
          <p>{t('welcome.intro', { plan })}</p>
          <ul className="welcome-modal__list">
            {FEATURES.map((feature) => (
              <li key={feature}>{t(`welcome.${feature}`)}</li>
            ))}
          </ul>
          <Button slot="close">{t('welcome.start')}</Button>
        </Dialog>
    </Modal>
  );
}
