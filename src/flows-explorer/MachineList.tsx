import { Suspense, useMemo } from 'react';
import { machines } from '../../machines';
import { FailureNotice } from '../ui/FailureNotice';
import { followInPage } from './in-page-link';
import { machineFacts } from './model';
import type { ExplorerApi } from './api';
import { useAnswer } from './reads';

interface MachineListProps {
  api: ExplorerApi;
  hrefOf: (machine: string) => string;
  open: (machine: string) => void;
}

const readMachines = (api: ExplorerApi) => () => api.machines({});

/** The visits of one machine: it waits for the counts on its own, so the table around it is drawn at once. */
function Visits({ api, name }: { api: ExplorerApi; name: string }) {
  const [answer] = useAnswer('machines', readMachines(api));
  return answer.ok ? (answer.data.machines.find((m) => m.name === name)?.visits ?? 0) : '—';
}

function VisitsPeriod({ api }: { api: ExplorerApi }) {
  const [answer] = useAnswer('machines', readMachines(api));
  return answer.ok ? `from ${answer.data.from} to ${answer.data.to}` : 'of the last 30 days';
}

function VisitsFailure({ api }: { api: ExplorerApi }) {
  const [answer, retry] = useAnswer('machines', readMachines(api));
  return answer.ok ? null : <FailureNotice heading="The visits could not be read" message={answer.message} retry={{ label: 'Try again', onPress: retry, testId: 'machines-retry' }} testId="machines-failure" />;
}

/**
 * Every machine of the registry with its size counted from its live definition, and its visits of
 * the last 30 days. The rows are known without asking the server, so they are drawn at once and
 * only the visits fill in: nothing below the table moves when the counts arrive.
 */
export function MachineList({ api, hrefOf, open }: MachineListProps) {
  const facts = useMemo(() => Object.entries(machines).map(([name, machine]) => ({ name, ...machineFacts(machine) })), []);
  return (
    <section aria-labelledby="machines-heading">
      <h2 id="machines-heading" tabIndex={-1}>
        Machines
      </h2>
      <Suspense fallback={null}>
        <VisitsFailure api={api} />
      </Suspense>
      {/* On a narrow screen the table scrolls sideways rather than splitting its words. */}
      <div className="flows-table-wrap" tabIndex={0} role="region" aria-labelledby="machines-heading">
        <table className="flows-table" data-testid="machine-list">
          <caption>
            {facts.length} machines, counted from their live definitions; visits{' '}
            <Suspense fallback="of the last 30 days">
              <VisitsPeriod api={api} />
            </Suspense>
          </caption>
          <thead>
            <tr>
              <th scope="col">Machine</th>
              <th scope="col">States</th>
              <th scope="col">Transitions</th>
              <th scope="col">Guards</th>
              <th scope="col">Visits</th>
            </tr>
          </thead>
          <tbody>
            {facts.map((m) => (
              <tr key={m.name} data-testid={`machine-row-${m.name}`}>
                <th scope="row">
                  <a
                    href={hrefOf(m.name)}
                    onClick={followInPage(() => open(m.name))}
                  >
                    {m.name}
                  </a>
                </th>
                <td>{m.states}</td>
                <td>{m.transitions}</td>
                <td>{m.guards}</td>
                <td data-testid="visits">
                  <Suspense fallback="…">
                    <Visits api={api} name={m.name} />
                  </Suspense>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
