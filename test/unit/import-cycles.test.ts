/**
 * No module imports itself through others, type-only imports and lazy `import()` included
 * (scripts/import-cycles.ts). The finder is checked on a small graph first, so a check that
 * finds nothing has been seen to find something.
 */
import { describe, expect, it } from 'vitest';
import { importCycles, repositoryImportCycles } from '../../scripts/import-cycles';

describe('import cycles', () => {
  it('the finder reports each cycle once, a module importing itself included, and nothing for a chain', () => {
    const graph: Record<string, string[]> = {
      '/r/a.ts': ['/r/b.ts'],
      '/r/b.ts': ['/r/c.ts', '/r/d.ts'],
      '/r/c.ts': ['/r/a.ts'],
      '/r/d.ts': ['/r/e.ts'],
      '/r/e.ts': [],
      '/r/self.ts': ['/r/self.ts'],
    };
    const cycles = importCycles(Object.keys(graph), (path) => graph[path]!);
    expect(cycles.map((cycle) => cycle.map((path) => path.split('/').pop()))).toEqual(
      expect.arrayContaining([
        ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
        ['self.ts', 'self.ts'],
      ]),
    );
    expect(cycles).toHaveLength(2);
    expect(importCycles(['/r/d.ts', '/r/e.ts'], (path) => graph[path]!)).toEqual([]);
  });

  it('the repository has none', { timeout: 60_000 }, () => {
    expect(repositoryImportCycles().map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
