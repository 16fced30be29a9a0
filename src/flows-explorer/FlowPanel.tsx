import { useState } from 'react';
import type { FlowCounts } from '../api/schemas/flows';
import { edgeKey, type EdgeCoverage } from '../flows/graph';
import type { LaidOutGraph } from '../flows/layout';
import { coverageByKey, overlayFromCounts, renderFlowSvg } from '../flows/svg';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { downloadText } from './downloads';
import { FlowsRow, FlowsTable } from './FlowsTable';
import { GraphViewport } from './GraphViewport';
import { toCsv } from './model';

interface FlowPanelProps {
  machine: string;
  graph: LaidOutGraph;
  counts: FlowCounts;
  /** The machine's per-edge coverage, when the report has it. */
  coverage: EdgeCoverage[] | null;
}

const coverageText = (taken: boolean | null | undefined) =>
  taken === undefined ? '—' : taken === null ? 'no plan' : taken ? 'yes' : 'no';

/**
 * One machine drawn from its live definition with its traffic (and, when asked, its coverage),
 * then the same counts as tables: the graph's text alternative, each exportable as CSV.
 */
export function FlowPanel({ machine, graph, counts, coverage }: FlowPanelProps) {
  const [showCoverage, setShowCoverage] = useState(true);
  const coverageMarks = coverage ? coverageByKey(coverage) : null;
  const overlay = {
    ...overlayFromCounts(counts),
    ...(showCoverage && coverageMarks ? { coverage: coverageMarks } : {}),
  };
  const svg = renderFlowSvg(graph, overlay);
  const edgeCounts = overlay.edgeCounts ?? {};
  const edges = graph.edges.map((e) => ({ ...e, count: edgeCounts[e.key] ?? 0, covered: coverageMarks?.[e.key] }));
  // Counted edges the drawing does not have (none, while the server checks each edge against the definition).
  const drawn = new Set(edges.map((e) => e.key));
  const strays = counts.edges.filter((e) => !drawn.has(edgeKey(e.from, e.event, e.to)));
  const states = graph.nodes
    .filter((n) => n.kind !== 'start')
    .map((n) => ({
      id: n.id,
      entries: overlay.states?.[n.id]?.entries ?? 0,
      dropOff: overlay.states?.[n.id]?.dropOff ?? 0,
    }));
  const missedByBrowser = edges.filter((e) => e.covered?.browser === false).length;
  const missedByUnit = edges.filter((e) => e.covered && !e.covered.unit).length;

  const edgesCsv = () =>
    toCsv(
      ['from', 'event', 'to', 'count'],
      [
        ...edges.map((e) => [e.source ?? '(start)', e.event, e.target, e.count]),
        ...strays.map((e) => [e.from ?? '(start)', e.event, e.to, e.count]),
      ],
    );
  const statesCsv = () =>
    toCsv(
      ['state', 'entries', 'dropOff'],
      states.map((s) => [s.id, s.entries, s.dropOff]),
    );

  return (
    <section aria-labelledby="graph-heading" className="flows-panel">
      <h3 id="graph-heading">Graph and traffic</h3>
      <p>
        {counts.visits} visits started from {counts.from} to {counts.to}.{' '}
        {coverageMarks ? (
          <span data-testid="coverage-summary">
            Coverage: {missedByBrowser} transitions taken by no browser path, {missedByUnit} by no unit path.
          </span>
        ) : (
          <span data-testid="coverage-summary">The coverage report has no per-transition list for this machine.</span>
        )}
      </p>
      <div className="actions">
        <Checkbox isSelected={showCoverage} onChange={setShowCoverage} isDisabled={!coverageMarks}>
          Mark the transitions the generated paths miss
        </Checkbox>
        <Button
          variant="secondary"
          onPress={() => downloadText(`${machine}.svg`, svg, 'image/svg+xml')}
          data-testid="export-svg"
        >
          Export the graph as SVG
        </Button>
      </div>
      <GraphViewport
        svg={svg}
        size={{ width: Math.ceil(graph.width), height: Math.ceil(graph.height) }}
        label={machine}
      />

      <h3 id="transitions-heading">Transitions</h3>
      <Button
        variant="secondary"
        onPress={() => downloadText(`${machine}-transitions.csv`, edgesCsv(), 'text/csv')}
        data-testid="export-edges-csv"
      >
        Export the transitions as CSV
      </Button>
      <FlowsTable
        labelledBy="transitions-heading"
        testId="edge-table"
        caption={`Every transition of ${machine} with its recorded count (the graph as a table)`}
        columns={['From', 'Event', 'To', 'Guard', 'Count', 'Unit paths', 'Browser paths']}
      >
        {edges.map((e) => (
          <FlowsRow
            key={e.key}
            data-key={e.key}
            data-testid="edge-row"
            className={e.covered?.browser === false || (e.covered && !e.covered.unit) ? 'flows-uncovered' : undefined}
            cells={[
              e.source ?? '(start)',
              e.event,
              e.target,
              e.guard ?? '',
              { testId: 'edge-count', value: e.count },
              coverageText(e.covered?.unit),
              { testId: 'edge-browser', value: coverageText(e.covered?.browser) },
            ]}
          />
        ))}
        {strays.map((e) => (
          <FlowsRow
            key={edgeKey(e.from, e.event, e.to)}
            data-key={edgeKey(e.from, e.event, e.to)}
            data-testid="edge-row"
            cells={[
              e.from ?? '(start)',
              e.event,
              e.to,
              'not in the definition',
              { testId: 'edge-count', value: e.count },
              '—',
              '—',
            ]}
          />
        ))}
      </FlowsTable>

      <h3 id="states-heading">States</h3>
      <Button
        variant="secondary"
        onPress={() => downloadText(`${machine}-states.csv`, statesCsv(), 'text/csv')}
        data-testid="export-states-csv"
      >
        Export the states as CSV
      </Button>
      <FlowsTable
        labelledBy="states-heading"
        testId="state-table"
        caption={`Entries into each state of ${machine}, and drop-off: the visits whose last state it was`}
        columns={['State', 'Entries', 'Drop-off']}
      >
        {states.map((s) => (
          <FlowsRow
            key={s.id}
            data-state={s.id}
            data-testid="state-row"
            header={s.id}
            cells={[
              { testId: 'state-entries', value: s.entries },
              { testId: 'state-dropoff', value: s.dropOff },
            ]}
          />
        ))}
      </FlowsTable>
    </section>
  );
}
