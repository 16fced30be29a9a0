import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the machines/ import boundary', () => {
  it.each([
    [
      'an import from src/',
      `import { api } from '../src/api/client';\nexport const x = api;\n`,
      'no-restricted-imports',
    ],
    ['React', `import { useState } from 'react';\nexport const x = useState;\n`, 'no-restricted-imports'],
    ['ky', `import ky from 'ky';\nexport const x = ky;\n`, 'no-restricted-imports'],
    ['fetch', `export const load = () => fetch('/api/skus');\n`, 'no-restricted-globals'],
    ['localStorage', `export const read = () => localStorage.getItem('k');\n`, 'no-restricted-globals'],
    [
      'globalThis.sessionStorage',
      `export const read = () => globalThis.sessionStorage.getItem('k');\n`,
      'no-restricted-properties',
    ],
  ])('rejects %s inside machines/', async (_name, code, rule) => {
    expect(await ruleIdsFor(code, 'machines/example.machine.ts')).toContain(rule);
  });

  it('allows xstate and pure rules inside machines/', async () => {
    const code = `import { setup } from 'xstate';\nexport const m = setup({}).createMachine({ id: 'm', initial: 'a', states: { a: {} } });\n`;
    expect(await ruleIdsFor(code, 'machines/example.machine.ts')).toEqual([]);
  });

  it('does not restrict the same code outside machines/', async () => {
    expect(await ruleIdsFor(`export const load = () => fetch('/api/skus');\n`, 'src/example.ts')).toEqual([]);
  });
});
