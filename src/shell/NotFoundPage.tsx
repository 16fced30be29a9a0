import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services';
import { SimplePage } from './SimplePage';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { config } = useServices();
  return (
    <SimplePage title={t('notFound.title')} testId="page-not-found">
      <p>{t('notFound.body')}</p>
      <p>
        <a href={config.dashboardUrl}>{t('app.goToDashboard')}</a>
      </p>
    </SimplePage>
  );
}
