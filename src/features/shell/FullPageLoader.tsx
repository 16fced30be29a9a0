import { useTranslation } from 'react-i18next';

/** Covers the page (z-index 1099) while start-up work is under way; announced to screen readers. */
export function FullPageLoader({ greeting }: { greeting?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <div className="full-page-loader__spinner" aria-hidden="true" />
      <p className="full-page-loader__text">{greeting ? t('app.greeting', { name: greeting }) : t('app.loading')}</p>
    </div>
  );
}
