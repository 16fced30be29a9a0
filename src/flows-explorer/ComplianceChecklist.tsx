import { useMemo } from 'react';
import { complianceChecklist } from '../flows/compliance';

/** The compliance rules read from the live machines' graphs (src/flows/compliance.ts), each with a pass or a fail. */
export function ComplianceChecklist() {
  const rows = useMemo(() => complianceChecklist(), []);
  return (
    <section aria-labelledby="compliance-heading" className="flows-panel">
      <h2 id="compliance-heading">Compliance checklist</h2>
      <table className="flows-table" data-testid="compliance">
        <caption>
          {rows.filter((r) => r.pass).length} of {rows.length} rules pass, read from the live machines
        </caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col" className="flows-nowrap">
              Result
            </th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="compliance-row" data-rule={r.id} data-pass={r.pass}>
              <th scope="row">{r.title}</th>
              <td className={`flows-nowrap ${r.pass ? 'flows-pass' : 'flows-fail'}`}>{r.pass ? '✓ pass' : '✗ fail'}</td>
              <td>{r.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
