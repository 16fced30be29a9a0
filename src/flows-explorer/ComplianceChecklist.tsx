import { lazy, Suspense, type ComponentType } from 'react';

export interface ComplianceRow {
  rule: string;
  pass: boolean;
  detail: string;
}

/**
 * The compliance checklist (`complianceChecklist()` of src/flows/compliance.ts): each rule read
 * from the live graphs, with a pass or a fail. It is found at build time, as the simulator is.
 */
const found = import.meta.glob<{ complianceChecklist: () => ComplianceRow[] | Promise<ComplianceRow[]> }>('../flows/compliance.ts');
const load = Object.values(found)[0];

const Rows: ComponentType | null = load
  ? lazy(async () => {
      const rows = await (await load()).complianceChecklist();
      return { default: () => <ChecklistTable rows={rows} /> };
    })
  : null;

function ChecklistTable({ rows }: { rows: ComplianceRow[] }) {
  return (
    <table className="flows-table" data-testid="compliance">
      <caption>
        {rows.filter((r) => r.pass).length} of {rows.length} rules pass
      </caption>
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Result</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.rule} data-testid="compliance-row" data-pass={r.pass}>
            <th scope="row">{r.rule}</th>
            <td className={r.pass ? 'flows-pass' : 'flows-fail'}>{r.pass ? '✓ pass' : '✗ fail'}</td>
            <td>{r.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ComplianceChecklist() {
  return (
    <section aria-labelledby="compliance-heading" className="flows-panel">
      <h2 id="compliance-heading">Compliance checklist</h2>
      {Rows ? (
        <Suspense
          fallback={
            <p role="status" className="flows-loading">
              Checking the rules…
            </p>
          }
        >
          <Rows />
        </Suspense>
      ) : (
        <p>The compliance rules are not part of this build.</p>
      )}
    </section>
  );
}
