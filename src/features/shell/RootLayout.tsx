import { Outlet, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { loaderFor } from '../../../machines/startup-access.rules';
import { COUNTRY_BY_CULTURE } from '../../app/portal';
import { animateCvRequested, destinationUrl } from '../../app/startup';
import { useServices } from '../../app/services';
import { readUserStatus } from '../../app/user-status-cookie';
import { testimonialsFor } from '../../domain/testimonials';
import { supportedCulture } from '../../i18n';
import { Button } from '../../ui/Button';
import { Footer } from './Footer';
import { FullPageLoader } from './FullPageLoader';
import { SiteHeader } from './SiteHeader';
import { TesterPanel } from '../tester-panel/TesterPanel';

/**
 * The frame of every page. It reflects the start-up machine: a loader until user and theme
 * data are in, the machine's redirect when it decides one, a retry when claims or user data failed.
 */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const { startup, config } = useServices();
  const navigate = useNavigate();
  const loading = useSelector(startup, (s) => s.hasTag('loading'));
  const destination = useSelector(startup, (s) => (s.status === 'done' ? s.output.destination : null));
  const awaitingRetry = useSelector(startup, (s) => s.hasTag('awaitingRetry'));
  const displayName = useSelector(startup, (s) => s.context.displayName);
  const theme = useSelector(startup, (s) => s.context.theme);
  const loader = useSelector(startup, (s) =>
    loaderFor({
      animateCv: animateCvRequested(window.location.search),
      pageCode: s.context.request.pageCode,
      device: s.context.request.device,
      testimonialVariation: s.context.testimonialLoaderVariation,
    }),
  );
  // The account is not known yet while the loader shows: the review comes from the visitor's market.
  const testimonial = loader === 'testimonial' ? (testimonialsFor(COUNTRY_BY_CULTURE[supportedCulture(i18n.language)])[0] ?? null) : null;

  const [redirected, setRedirected] = useState(false);

  useEffect(() => {
    if (!destination) return;
    const url = destinationUrl(destination, config.dashboardUrl);
    if (url.startsWith(`${config.appBase}/`)) {
      void navigate({ to: url.slice(config.appBase.length), replace: true }).then(() => setRedirected(true));
    } else {
      window.location.assign(url);
    }
  }, [destination, config, navigate]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    if (theme) document.documentElement.dataset.theme = theme;
  }, [i18n.language, theme]);

  // After the machine's redirect has happened, later navigation is guarded route by route.
  const showPage = !loading && !awaitingRetry && (!destination || redirected);

  return (
    <I18nProvider locale={i18n.language}>
      <SiteHeader brand={t('app.name')} skipToContent={t('app.skipToContent')} homeUrl={config.dashboardUrl} />
      <main id="main" className="site-main">
        {showPage ? <Outlet /> : null}
        {awaitingRetry ? (
          <div role="alert" className="notice notice--error">
            <p>{t('errors.network')}</p>
            <Button onPress={() => startup.send({ type: 'startup.retry' })}>{t('app.retry')}</Button>
          </div>
        ) : null}
      </main>
      <Footer />
      {loading ? <FullPageLoader kind={loader} greeting={displayName ?? readUserStatus(document.cookie).displayName} testimonial={testimonial} /> : null}
      <TesterPanel />
    </I18nProvider>
  );
}
