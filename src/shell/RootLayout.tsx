import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { memo, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loaderFor } from '../../machines/startup-access.rules';
import { COUNTRY_BY_CULTURE } from '../app/portal';
import { animateCvRequested } from '../app/startup';
import { useServices } from '../app/services';
import { readUserStatus } from '../app/user-status-cookie';
import { testimonialsFor } from '../domain/testimonials';
import { supportedCulture } from '../i18n';
import { Button } from '../ui/Button';
import { LocaleProvider } from '../ui/LocaleProvider';
import { Footer } from './Footer';
import { FullPageLoader } from './FullPageLoader';
import { PageNotice } from './PageNotice';
import { SiteHeader } from './SiteHeader';
import { TesterPanel } from '../features/tester-panel/TesterPanel';
import { serverDrewTopAt } from '../app/server-drawing';

// The frame's fixed parts are drawn again only when what they show changes, not each time the
// page or the navigation state changes (the page's arrival is drawn in one piece React cannot interrupt).
const StillSiteHeader = memo(SiteHeader);
const StillFooter = memo(Footer);
const StillTesterPanel = memo(TesterPanel);

/**
 * The frame of every page. It reflects the start-up machine: a loader until user and theme
 * data are in, a retry when claims or user data failed. The page itself waits in its route
 * until start-up has settled (routing/startup-guard.ts), which is also where its redirects happen.
 */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const { startup, config } = useServices();
  const loading = useSelector(startup, (s) => s.hasTag('loading'));
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
  const testimonial =
    loader === 'testimonial' ? (testimonialsFor(COUNTRY_BY_CULTURE[supportedCulture(i18n.language)])[0] ?? null) : null;

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    if (theme) document.documentElement.dataset.theme = theme;
  }, [i18n.language, theme]);

  return (
    <LocaleProvider locale={i18n.language}>
      <StillSiteHeader brand={t('app.name')} skipToContent={t('app.skipToContent')} homeUrl={config.dashboardUrl} />
      <PageArea>
        {awaitingRetry ? (
          <div role="alert" className="notice notice--error">
            <p>{t('errors.network')}</p>
            <Button onPress={() => startup.send({ type: 'startup.retry' })}>{t('app.retry')}</Button>
          </div>
        ) : null}
      </PageArea>
      <StillFooter />
      {/* Where the server drew the page's top (checkout's or another's), that top is the page while start-up settles: no loader covers it. */}
      {loading && !serverDrewTopAt(window.location) ? (
        <FullPageLoader
          kind={loader}
          greeting={displayName ?? readUserStatus(document.cookie).displayName}
          testimonial={testimonial}
        />
      ) : null}
      <StillTesterPanel />
    </LocaleProvider>
  );
}

/**
 * The page area. The page shown stays until the next one has loaded: meanwhile it is marked busy.
 * Only this part follows the router's state, so the frame is not drawn again for a page change.
 */
function PageArea({ children }: { children: ReactNode }) {
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  return (
    <main id="main" className="site-main" aria-busy={navigating || undefined}>
      <PageNotice />
      <Outlet />
      {children}
    </main>
  );
}
