import type { ReactNode } from 'react';

export interface ReceiptRow {
  label: string;
  value: ReactNode;
}

/** A receipt's facts as a description list: one label and its value a row. */
export function ReceiptList({ rows, testId }: { rows: readonly ReceiptRow[]; testId?: string }) {
  return (
    <dl className="receipt" data-testid={testId}>
      {rows.map((row) => (
        <div className="receipt__row" key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
