import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services';
import { SimplePage } from './SimplePage';

export function TimeoutPage() {
  const { t } = useTranslation();
  const { config } = useServices();
  return (
    <SimplePage title={t('timeout.title')} testId="page-timeout">
      <p>{t('timeout.body')}</p>
      <p>
        <a className="button button--primary" href={config.dashboardUrl}>
          {t('app.signIn')}
        </a>
      </p>
    </SimplePage>
  );
}
