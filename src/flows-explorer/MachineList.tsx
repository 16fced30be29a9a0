import { Suspense, useMemo } from 'react';
import { machines } from '../../machines';
import { FailureNotice } from '../ui/FailureNotice';
import { FlowsRow, FlowsTable } from './FlowsTable';
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
  return answer.ok ? null : (
    <FailureNotice
      heading="The visits could not be read"
      message={answer.message}
      retry={{ label: 'Try again', onPress: retry, testId: 'machines-retry' }}
      testId="machines-failure"
    />
  );
}

/**
 * Every machine of the registry with its size counted from its live definition, and its visits of
 * the last 30 days. The rows are known without asking the server, so they are drawn at once and
 * only the visits fill in: nothing below the table moves when the counts arrive.
 */
export function MachineList({ api, hrefOf, open }: MachineListProps) {
  const facts = useMemo(
    () => Object.entries(machines).map(([name, machine]) => ({ name, ...machineFacts(machine) })),
    [],
  );
  return (
    <section aria-labelledby="machines-heading">
      <h2 id="machines-heading" tabIndex={-1}>
        Machines
      </h2>
      <Suspense fallback={null}>
        <VisitsFailure api={api} />
      </Suspense>
      <FlowsTable
        labelledBy="machines-heading"
        testId="machine-list"
        caption={
          <>
            {facts.length} machines, counted from their live definitions; visits{' '}
            <Suspense fallback="of the last 30 days">
              <VisitsPeriod api={api} />
            </Suspense>
          </>
        }
        columns={['Machine', 'States', 'Transitions', 'Guards', 'Visits']}
      >
        {facts.map((m) => (
          <FlowsRow
            key={m.name}
            data-testid={`machine-row-${m.name}`}
            header={
              <a href={hrefOf(m.name)} onClick={followInPage(() => open(m.name))}>
                {m.name}
              </a>
            }
            cells={[
              m.states,
              m.transitions,
              m.guards,
              {
                testId: 'visits',
                value: (
                  <Suspense fallback="…">
                    <Visits api={api} name={m.name} />
                  </Suspense>
                ),
              },
            ]}
          />
        ))}
      </FlowsTable>
    </section>
  );
}
