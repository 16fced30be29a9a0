import { lazy, Suspense, use } from 'react';
import * as z from 'zod/mini';
import { useServices } from '../../app/services';
import { idle } from '../../app/when-idle';
import { asksForTesterPanel, showsTesterPanel, type TesterPanelAudience } from '../../domain/tester-panel-visibility';

/** The widget itself is loaded only when it shows, so it adds nothing to pages for everyone else. */
const TesterPanelWidget = lazy(() => import('./TesterPanelWidget'));

const clientConfig = z.object({ demoLogin: z.boolean() });

/** The tester panel (issue 4 item 5), for those `showsTesterPanel` admits. */
export function TesterPanel() {
  return (
    <Suspense fallback={null}>
      <TesterPanelForAudience />
    </Suspense>
  );
}

function TesterPanelForAudience() {
  const { api, lastingReads } = useServices();
  const audience = use(
    lastingReads.read('tester-panel:audience', () => {
      // The address the app was opened with asks for the panel, or not.
      const askedByQuery = asksForTesterPanel(window.location.search);
      // A tool for testers, not for the visitor: it asks the server only once the page itself is up.
      return idle()
        .then(() =>
          api.client.get('config/client', clientConfig).then(
            (answer) => answer.demoLogin,
            () => false,
          ),
        )
        .then((demoMode): TesterPanelAudience => ({ demoMode, askedByQuery }));
    }),
  );
  if (!showsTesterPanel(audience)) return null;
  return <TesterPanelWidget demoLogin={audience.demoMode} />;
}
