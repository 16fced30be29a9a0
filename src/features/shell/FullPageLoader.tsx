import { useTranslation } from 'react-i18next';
import type { LoaderKind } from '../../../machines/startup-access.rules';

/**
 * Covers the page (z-index 1099) while start-up work is under way; announced to screen readers.
 * The animation loader draws a resume being written and greets the person by name.
 */
export function FullPageLoader({ kind = 'spinner', greeting }: { kind?: LoaderKind; greeting?: string | null }) {
  const { t } = useTranslation();
  const text = greeting ? t('app.greeting', { name: greeting }) : t('app.loading');
  return (
    <div className={`full-page-loader full-page-loader--${kind}`} role="status" aria-live="polite" data-testid="full-page-loader">
      {kind === 'animation' ? (
        <div className="resume-animation" aria-hidden="true">
          <span className="resume-animation__line resume-animation__line--title" />
          <span className="resume-animation__line" />
          <span className="resume-animation__line" />
          <span className="resume-animation__line resume-animation__line--short" />
          <span className="resume-animation__line" />
        </div>
      ) : (
        <div className="full-page-loader__spinner" aria-hidden="true" />
      )}
      <p className="full-page-loader__text">{text}</p>
    </div>
  );
}
