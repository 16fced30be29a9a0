import type { HTMLAttributes, ReactNode } from 'react';

/** A cell of a row: its content, and a test id where a test reads that cell. */
export type FlowsCell = ReactNode | { value: ReactNode; testId: string };

const isTestedCell = (cell: FlowsCell): cell is { value: ReactNode; testId: string } =>
  typeof cell === 'object' && cell !== null && 'testId' in cell && 'value' in cell;

type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * One row of the explorer's tables: an optional row header (the machine, the state) and its cells,
 * so every table names its rows the same way for a screen reader.
 */
export function FlowsRow({ header, cells, ...row }: RowProps & { header?: ReactNode; cells: FlowsCell[] }) {
  return (
    <tr {...row}>
      {header !== undefined ? <th scope="row">{header}</th> : null}
      {cells.map((cell, i) =>
        isTestedCell(cell) ? (
          <td key={i} data-testid={cell.testId}>
            {cell.value}
          </td>
        ) : (
          <td key={i}>{cell}</td>
        ),
      )}
    </tr>
  );
}

/**
 * A table of the explorer: a caption, its column headers and rows, inside a region that scrolls
 * sideways on a narrow screen rather than splitting its words.
 */
export function FlowsTable({
  labelledBy,
  testId,
  caption,
  columns,
  children,
}: {
  labelledBy: string;
  testId: string;
  caption: ReactNode;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="flows-table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="flows-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
