import { Suspense, useEffect, useRef, useState, useTransition } from 'react';
import { machines } from '../../machines';
import type { ExplorerApi } from './api';
import { ComplianceChecklist } from './ComplianceChecklist';
import { followInPage } from './in-page-link';
import { MachineList } from './MachineList';
import { MachineView } from './MachineView';
import { SimulatorMount } from './SimulatorMount';
import { searchOfView, viewFromSearch, type ExplorerView } from './url-state';

interface ExplorerAppProps {
  api: ExplorerApi;
  apiBase: string;
  pagePath: string;
}

const Loading = () => (
  <p role="status" className="flows-loading">
    Loading…
  </p>
);

/**
 * The flow explorer: the list of machines, or one machine with its traffic, funnel and coverage,
 * as the address says (machine, date range and segment filters), with the compliance checklist and
 * the simulator beside them.
 */
export function ExplorerApp({ api, apiBase, pagePath }: ExplorerAppProps) {
  const [view, setView] = useState<ExplorerView>(() => viewFromSearch(window.location.search));
  const [pending, startTransition] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    const back = () => startTransition(() => setView(viewFromSearch(window.location.search)));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  useEffect(() => {
    // After moving to another machine (not on the first drawing), the new view's heading takes the focus.
    if (moved.current) heading.current?.focus();
  }, [view.machine]);

  const go = (next: ExplorerView, push: boolean) => {
    const url = `${pagePath}${searchOfView(next)}`;
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    moved.current = next.machine !== view.machine;
    startTransition(() => setView(next));
  };
  const machine = view.machine && machines[view.machine] ? view.machine : null;
  const hrefOf = (name: string | null) => `${pagePath}${searchOfView({ machine: name, filter: view.filter })}`;

  return (
    <>
      <header className="flows-header">
        <p className="flows-brand">Flow explorer</p>
        <nav aria-label="Explorer">
          <a
            href={hrefOf(null)}
            aria-current={machine ? undefined : 'page'}
            onClick={followInPage(() => go({ machine: null, filter: view.filter }, true))}
          >
            All machines
          </a>
        </nav>
      </header>
      <main id="main" className="flows-main" aria-busy={pending}>
        <h1 ref={heading} tabIndex={-1}>
          {machine ? `Flow explorer: ${machine}` : 'Flow explorer'}
        </h1>
        {view.machine && !machine ? (
          <p role="alert" className="notice notice--error">
            There is no machine named {view.machine}.
          </p>
        ) : null}
        <Suspense fallback={<Loading />}>
          {machine ? (
            <MachineView
              api={api}
              machine={machine}
              filter={view.filter}
              onFilter={(filter) => go({ machine, filter }, false)}
            />
          ) : (
            <MachineList api={api} hrefOf={hrefOf} open={(name) => go({ machine: name, filter: view.filter }, true)} />
          )}
        </Suspense>
        <ComplianceChecklist />
        <SimulatorMount apiBase={apiBase} />
      </main>
    </>
  );
}
