import { machines } from '../../machines';
import type { FlowCounts } from '../api/schemas/flows';
import { toDiagram } from '../flows/graph';
import { layoutFlowGraph } from '../flows/layout';
import { FailureNotice } from '../ui/FailureNotice';
import type { ExplorerApi } from './api';
import { FlowPanel } from './FlowPanel';
import { useAnswer } from './reads';

/** The machine laid out from its live definition (elkjs), with the coverage report, drawn by FlowPanel. */
export default function MachineGraph({
  api,
  machine,
  counts,
}: {
  api: ExplorerApi;
  machine: string;
  counts: FlowCounts;
}) {
  const [graph, retryGraph] = useAnswer(`layout:${machine}`, () =>
    layoutFlowGraph(toDiagram(machine, machines[machine]!)),
  );
  const [coverage] = useAnswer('coverage', () => api.coverage());
  if (!graph.ok)
    return (
      <FailureNotice
        heading="The graph could not be laid out"
        message={graph.message}
        retry={{ label: 'Try again', onPress: retryGraph }}
      />
    );
  const edges = coverage.ok ? (coverage.data.find((m) => m.machine === machine)?.edges ?? null) : null;
  return <FlowPanel machine={machine} graph={graph.data} counts={counts} coverage={edges} />;
}
