import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules that hold the code's shape, each proved on a file that breaks it. */
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('lint', () => {
  it('fails on a hook with a missing dependency in src/', async () => {
    const code = `import { useEffect } from 'react';\nexport function Page({ id }: { id: string }) {\n  useEffect(() => {\n    console.log(id);\n  }, []);\n  return null;\n}\n`;
    expect(await rulesBroken(code, 'src/features/example/Page.tsx')).toContain('react-hooks/exhaustive-deps');
    expect(await rulesBroken(code.replace('}, []);', '}, [id]);'), 'src/features/example/Page.tsx')).toEqual([]);
  });

  it('fails on a hook called conditionally', async () => {
    const code = `import { useState } from 'react';\nexport function Page({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`;
    expect(await rulesBroken(code, 'src/features/example/Page.tsx')).toContain('react-hooks/rules-of-hooks');
  });

  it('fails on a machine that imports React or the API', async () => {
    expect(await rulesBroken(`import { useState } from 'react';\nexport const x = useState;\n`, 'machines/example.machine.ts')).toContain('no-restricted-imports');
    expect(await rulesBroken(`export const x = () => fetch('/api');\n`, 'machines/example.machine.ts')).toContain('no-restricted-globals');
  });
});
