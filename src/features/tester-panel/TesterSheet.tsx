import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle } from '../../ui/Modal';
import type { ThemeOverride } from './useThemeOverride';

/** The same lazily loaded content as the floating panel's: one file for both. */
const TesterPanelContent = lazy(() => import('./TesterPanelContent'));

interface TesterSheetProps {
  id: string;
  /** Grown to most of the screen, or under half of it. */
  tall: boolean;
  onGrow: () => void;
  onClose: () => void;
  demoLogin: boolean;
  theme: ThemeOverride;
}

/**
 * The tester panel open on a phone: a dialog at the bottom of the screen, not modal, so the page
 * above it stays usable. Loaded on its own, so the collapsed panel adds nothing to the page.
 */
export default function TesterSheet({ id, tall, onGrow, onClose, demoLogin, theme }: TesterSheetProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  return (
    <Dialog
      id={id}
      className={tall ? 'tester-sheet tester-sheet--tall' : 'tester-sheet'}
      data-testid="tester-sheet"
      aria-describedby={hintId}
    >
      <div className="tester-sheet__bar">
        <button
          type="button"
          className="tester-sheet__grow"
          data-testid="tester-sheet-grow"
          aria-expanded={tall}
          aria-label={tall ? t('testerPanel.shrink') : t('testerPanel.expand')}
          onClick={onGrow}
        >
          <span aria-hidden="true">{tall ? '▾' : '▴'}</span>
        </button>
        <DialogTitle level={2} className="tester-panel__title tester-sheet__title">
          {t('testerPanel.title')}
        </DialogTitle>
        <button
          type="button"
          className="tester-sheet__close"
          data-testid="tester-panel-toggle"
          aria-label={t('testerPanel.close')}
          aria-expanded={true}
          aria-controls={id}
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <p id={hintId} className="tester-panel__hint">
        {t('testerPanel.sheetHint')}
      </p>
      <div className="tester-panel__content tester-sheet__content">
        <Suspense fallback={<p className="tester-panel__note">{t('app.loading')}</p>}>
          <TesterPanelContent theme={theme} demoLogin={demoLogin} />
        </Suspense>
      </div>
    </Dialog>
  );
}
