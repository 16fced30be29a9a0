import { lazy, Suspense, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { useServices } from '../../app/services';
import { whenIdle } from '../../app/when-idle';
import { asksForTesterPanel, showsTesterPanel } from '../../domain/tester-panel-visibility';

/** The widget itself is loaded only when it shows, so it adds nothing to pages for everyone else. */
const TesterPanelWidget = lazy(() => import('./TesterPanelWidget'));

const clientConfig = z.object({ demoLogin: z.boolean() });

/** The tester panel (issue 4 item 5), for those `showsTesterPanel` admits. */
export function TesterPanel() {
  const { api } = useServices();
  const [askedByQuery] = useState(() => asksForTesterPanel(window.location.search));
  const [demoLogin, setDemoLogin] = useState<boolean | null>(null);

  // A tool for testers, not for the visitor: it waits until the page itself is up.
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      api.client
        .get('config/client', clientConfig)
        .then((answer) => live && setDemoLogin(answer.demoLogin))
        .catch(() => live && setDemoLogin(false));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [api]);

  if (!showsTesterPanel({ demoMode: demoLogin, askedByQuery })) return null;
  return (
    <Suspense fallback={null}>
      <TesterPanelWidget demoLogin={demoLogin === true} />
    </Suspense>
  );
}
