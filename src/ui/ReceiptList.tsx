import type { ReactNode } from 'react';

export interface ReceiptRow {
  label: string;
  value: ReactNode;
  /** Names the whole row (label and value) for tests. */
  rowTestId?: string;
  /** Names the value alone for tests. */
  valueTestId?: string;
}

/** A receipt's facts as a description list: one label and its value a row. Rows given as null or false are left out. */
export function ReceiptList({
  rows,
  testId,
  className,
}: {
  rows: readonly (ReceiptRow | null | false)[];
  testId?: string;
  className?: string;
}) {
  return (
    <dl className={className ? `receipt ${className}` : 'receipt'} data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <div className="receipt__row" key={row.label} data-testid={row.rowTestId}>
            <dt>{row.label}</dt>
            <dd data-testid={row.valueTestId}>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
