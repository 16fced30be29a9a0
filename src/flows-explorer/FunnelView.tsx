import type { FlowCounts } from '../api/schemas/flows';
import { Button } from '../ui/Button';
import { downloadText } from './downloads';
import { funnelOf, percent, savesAgainstHoldout, toCsv } from './model';

interface FunnelViewProps {
  machine: string;
  counts: FlowCounts;
  finals: string[];
  /** The same counts in the holdout arm of the cancel-flow experiment, for a cancellation machine. */
  holdout: FlowCounts | null;
}

/** Conversion from the visits started to each end of the machine; for a cancellation machine, saves per arm. */
export function FunnelView({ machine, counts, finals, holdout }: FunnelViewProps) {
  const steps = funnelOf(counts, finals);
  const arms = holdout ? savesAgainstHoldout(counts, holdout, finals) : null;
  return (
    <section aria-labelledby="funnel-heading" className="flows-panel" data-testid="funnel">
      <h3 id="funnel-heading">Funnel</h3>
      <Button
        variant="secondary"
        onPress={() =>
          downloadText(
            `${machine}-funnel.csv`,
            toCsv(
              ['end', 'visits', 'conversion'],
              [
                ['(visits started)', counts.visits, '100.0 %'],
                ...steps.map((s) => [s.state, s.visits, percent(s.rate)]),
              ],
            ),
            'text/csv',
          )
        }
        data-testid="export-funnel-csv"
      >
        Export the funnel as CSV
      </Button>
      {/* State ids are long: on a narrow screen the table scrolls rather than splitting them. */}
      <div className="flows-table-wrap" tabIndex={0} role="region" aria-label="Funnel table">
        <table className="flows-table">
          <caption>From the first state of {machine} to each of its ends</caption>
          <thead>
            <tr>
              <th scope="col">End</th>
              <th scope="col">Visits</th>
              <th scope="col">Conversion</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">(visits started)</th>
              <td>{counts.visits}</td>
              <td>100.0 %</td>
            </tr>
            {steps.map((s) => (
              <tr key={s.state} data-testid="funnel-row" data-state={s.state}>
                <th scope="row">{s.state}</th>
                <td>{s.visits}</td>
                <td>
                  <meter min={0} max={1} value={s.rate} aria-label={`Conversion to ${s.state}`} /> {percent(s.rate)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {arms ? (
        <table className="flows-table" data-testid="holdout-table">
          <caption>
            Saves (visits that end without cancelling) in the arms shown offers against the holdout arm, shown none
          </caption>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              <th scope="col">Visits</th>
              <th scope="col">Saves</th>
              <th scope="col">Save rate</th>
            </tr>
          </thead>
          <tbody>
            {arms.map((a) => (
              <tr key={a.arm} data-testid={`arm-${a.arm}`}>
                <th scope="row">{a.arm === 'holdout' ? 'Holdout (no offer)' : 'Offers'}</th>
                <td>{a.visits}</td>
                <td>{a.saves}</td>
                <td>{percent(a.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
