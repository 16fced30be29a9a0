import { lazy, Suspense, useMemo } from 'react';
import { machines } from '../../machines';
import type { FlowCounts, FlowCountsQuery } from '../api/schemas/flows';
import { FailureNotice } from '../ui/FailureNotice';
import type { ExplorerApi } from './api';
import { Filters } from './Filters';
import { FunnelView } from './FunnelView';
import { HOLDOUT_FILTER, hasFunnel, hasSaves, machineFacts } from './model';
import { useAnswer } from './reads';

interface MachineViewProps {
  api: ExplorerApi;
  machine: string;
  filter: FlowCountsQuery;
  onFilter: (filter: FlowCountsQuery) => void;
}

// The graph (with the layout library, elkjs) loads on its own: the list of machines does not wait for it.
const MachineGraph = lazy(() => import('./MachineGraph'));

const Loading = ({ what }: { what: string }) => (
  <p role="status" className="flows-loading">
    Loading {what}…
  </p>
);

/** One machine: the filters, then its graph with traffic and coverage, its tables and, for the flows that have one, its funnel. */
export function MachineView({ api, machine, filter, onFilter }: MachineViewProps) {
  const filterKey = JSON.stringify(filter);
  const [counts, retryCounts] = useAnswer(`counts:${machine}:${filterKey}`, () => api.counts(machine, filter));
  const [segments] = useAnswer(`segments:${filter.from ?? ''}:${filter.to ?? ''}`, () =>
    api.segments({ from: filter.from, to: filter.to }),
  );
  const [experiments] = useAnswer('experiments', () => api.experiments());
  const range = counts.ok
    ? { from: counts.data.from, to: counts.data.to }
    : { from: filter.from ?? '', to: filter.to ?? '' };
  return (
    <>
      <Filters
        filter={filter}
        range={range}
        segments={segments.ok ? segments.data : null}
        experiments={experiments.ok ? experiments.data : []}
        onChange={onFilter}
      />
      {counts.ok ? (
        <>
          <Suspense fallback={<Loading what="the graph" />}>
            <MachineGraph api={api} machine={machine} counts={counts.data} />
          </Suspense>
          {hasFunnel(machine) ? (
            <Suspense fallback={<Loading what="the funnel" />}>
              <Funnel api={api} machine={machine} filter={filter} counts={counts.data} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <FailureNotice
          heading="The counts could not be read"
          message={counts.message}
          retry={{ label: 'Try again', onPress: retryCounts, testId: 'counts-retry' }}
          testId="counts-failure"
        />
      )}
    </>
  );
}

function Funnel({
  api,
  machine,
  filter,
  counts,
}: {
  api: ExplorerApi;
  machine: string;
  filter: FlowCountsQuery;
  counts: FlowCounts;
}) {
  const finals = useMemo(() => machineFacts(machines[machine]!).finals, [machine]);
  const saves = hasSaves(machine) && !filter.variation;
  const holdoutFilter = { ...filter, variation: HOLDOUT_FILTER };
  const [holdout, retry] = useAnswer(saves ? `counts:${machine}:${JSON.stringify(holdoutFilter)}` : 'no-holdout', () =>
    saves ? api.counts(machine, holdoutFilter) : Promise.resolve(null),
  );
  if (!holdout.ok)
    return (
      <FailureNotice
        heading="The holdout arm's counts could not be read"
        message={holdout.message}
        retry={{ label: 'Try again', onPress: retry }}
      />
    );
  return <FunnelView machine={machine} counts={counts} finals={finals} holdout={holdout.data} />;
}
