/**
 * The flow explorer's tables share one shape (FlowsTable, FlowsRow): a scrolling region, caption,
 * column headers, and rows with an optional row header; the machine list and the flow panel build
 * no rows of their own.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlowsRow, FlowsTable } from '../../src/flows-explorer/FlowsTable';

const source = (name: string) => readFileSync(new URL(`../../src/flows-explorer/${name}`, import.meta.url), 'utf8');

describe('the explorer’s tables', () => {
  it('a row has its header cell scoped to the row, then its cells, the tested ones with their test id', () => {
    const html = renderToStaticMarkup(
      <FlowsTable labelledBy="h" testId="t" caption="Caption" columns={['State', 'Entries']}>
        <FlowsRow data-testid="state-row" header="editing" cells={[{ testId: 'state-entries', value: 3 }]} />
        <FlowsRow data-testid="edge-row" cells={['(start)', 0]} />
      </FlowsTable>,
    );
    expect(html).toBe(
      '<div class="flows-table-wrap" tabindex="0" role="region" aria-labelledby="h"><table class="flows-table" data-testid="t"><caption>Caption</caption>' +
        '<thead><tr><th scope="col">State</th><th scope="col">Entries</th></tr></thead><tbody>' +
        '<tr data-testid="state-row"><th scope="row">editing</th><td data-testid="state-entries">3</td></tr>' +
        '<tr data-testid="edge-row"><td>(start)</td><td>0</td></tr></tbody></table></div>',
    );
  });

  it.each(['MachineList.tsx', 'FlowPanel.tsx'])('%s builds its tables from the shared shape only', (name) => {
    const text = source(name);
    expect(text).toMatch(/<FlowsTable\b/);
    expect(text).not.toMatch(/<(table|tr|td|th|thead|tbody)\b/);
  });
});
