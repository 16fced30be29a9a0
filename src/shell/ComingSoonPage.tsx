import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services';
import { SimplePage } from './SimplePage';

/** A page a later release fills in: it says so plainly and offers the way back. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { config } = useServices();
  return (
    <SimplePage title={t('app.comingSoonTitle')} testId="page-coming-soon">
      <p data-testid="coming-soon">{t('app.comingSoon')}</p>
      <p>
        <a href={config.dashboardUrl}>{t('app.goToDashboard')}</a>
      </p>
    </SimplePage>
  );
}
