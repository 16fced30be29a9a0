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

  it('fails on an effect that reads from the API or navigates, and not on the same call from an event handler', async () => {
    const file = 'src/features/example/Page.tsx';
    const shapeRulesBroken = async (code: string) =>
      (await rulesBroken(code, file)).filter((rule) => rule.startsWith('shape/'));
    const page = (body: string) =>
      `import { useEffect } from 'react';\ntype Api = { config: { features(): Promise<unknown> } };\nexport function Page({ api, navigate }: { api: Api; navigate: (to: string) => void }) {\n${body}\n  return null;\n}\n`;
    expect(
      await shapeRulesBroken(
        page('  useEffect(() => {\n    void api.config.features().then(() => undefined);\n  }, [api]);'),
      ),
    ).toEqual(['shape/no-effect-reads-or-moves']);
    expect(await shapeRulesBroken(page("  useEffect(() => {\n    void fetch('/api/skus');\n  }, []);"))).toEqual([
      'shape/no-effect-reads-or-moves',
    ]);
    expect(await shapeRulesBroken(page("  useEffect(() => {\n    navigate('/dashboard');\n  }, [navigate]);"))).toEqual(
      ['shape/no-effect-reads-or-moves'],
    );
    expect(
      await shapeRulesBroken(
        page(
          "  const onPress = () => {\n    void api.config.features();\n    navigate('/dashboard');\n  };\n  void onPress;",
        ),
      ),
    ).toEqual([]);
  });

  it('fails on a cast of the claims or of a child actor, and on an app address built by hand', async () => {
    const file = 'src/features/example/effects.ts';
    const broken = async (code: string) =>
      (await rulesBroken(`${code}\n`, file)).filter((rule) => rule === 'no-restricted-syntax').length;
    expect(
      await broken(
        `declare const s: { context: { claims: unknown } };\nexport const x = s.context.claims as { PortalCD?: string } | null;`,
      ),
    ).toBe(1);
    expect(await broken(`declare const claims: unknown;\nexport const x = claims as Record<string, unknown>;`)).toBe(1);
    expect(
      await broken(
        `declare const s: { children: Record<string, unknown> };\nexport const x = s.children.cardFrame as object | undefined;`,
      ),
    ).toBe(1);
    expect(await broken(`export const x = '/payment/mysettings';`)).toBe(1);
    expect(await broken('declare const id: number;\nexport const x = `/payment/checkout?skuid=${id}`;')).toBe(1);
    expect(
      await broken(
        'declare const config: { appBase: string };\nexport const x = `${config.appBase}/cancellation/received`;',
      ),
    ).toBe(1);
    expect(
      await broken(
        'declare const APP_BASE: string;\ndeclare const m: boolean;\nexport const x = `${APP_BASE}/${m ? "mobile/plans" : "pricing"}`;',
      ),
    ).toBe(1);
    expect(await rulesBroken(`export const x = '/payment/mysettings';\n`, 'machines/example.rules.ts')).toContain(
      'no-restricted-syntax',
    );
    // Typed targets, the base itself and a check whether an address is under the base are fine.
    expect(await broken(`export const x = { to: '/mysettings' } as const;`)).toBe(0);
    expect(await broken(`export const APP_BASE = '/payment';`)).toBe(0);
    expect(
      await broken(
        'declare const APP_BASE: string;\nexport const inApp = (href: string) => href.startsWith(`${APP_BASE}/`);',
      ),
    ).toBe(0);
    expect(
      await broken('declare const s: { children: { cardFrame?: object } };\nexport const x = s.children.cardFrame;'),
    ).toBe(0);
  });

  it('fails on a hook called conditionally', async () => {
    const code = `import { useState } from 'react';\nexport function Page({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`;
    expect(await rulesBroken(code, 'src/features/example/Page.tsx')).toContain('react-hooks/rules-of-hooks');
  });

  it('fails on a machine that imports React or the API', async () => {
    expect(
      await rulesBroken(
        `import { useState } from 'react';\nexport const x = useState;\n`,
        'machines/example.machine.ts',
      ),
    ).toContain('no-restricted-imports');
    expect(await rulesBroken(`export const x = () => fetch('/api');\n`, 'machines/example.machine.ts')).toContain(
      'no-restricted-globals',
    );
  });

  it('fails on a feature that imports another feature, and not on one that imports its own parts or the shared layers', async () => {
    const file = 'src/features/order-confirmation/Example.tsx';
    expect(
      await rulesBroken(
        `import { SellPageSection } from '../purchase-funnel/sell-page/SellIntro';\nexport const x = SellPageSection;\n`,
        file,
      ),
    ).toContain('shape/feature-boundaries');
    expect(
      await rulesBroken(`export const load = () => import('../../features/my-settings/MySettingsPage');\n`, file),
    ).toContain('shape/feature-boundaries');
    expect(
      await rulesBroken(
        `import { WelcomeModal } from './WelcomeModal';\nimport { Button } from '../../ui/Button';\nexport const x = [WelcomeModal, Button];\n`,
        file,
      ),
    ).toEqual([]);
  });

  it("fails on server code that reads a request's variables through c.var, and not on c.get", async () => {
    const route = (read: string) =>
      `import type { Context } from 'hono';\nexport const userOf = (c: Context) => ${read};\n`;
    expect(await rulesBroken(route('c.var.user'), 'server/http/example.ts')).toContain('no-restricted-properties');
    expect(await rulesBroken(route("c.get('user')"), 'server/http/example.ts')).toEqual([]);
  });

  it('fails on react-aria imported outside src/ui/', async () => {
    const code = `import { Dialog } from 'react-aria-components';\nexport const x = Dialog;\n`;
    expect(await rulesBroken(code, 'src/features/order-confirmation/Example.tsx')).toContain('shape/react-aria-in-ui');
    expect(
      await rulesBroken(
        `import { useButton } from '@react-aria/button';\nexport const x = useButton;\n`,
        'src/shell/Example.tsx',
      ),
    ).toContain('shape/react-aria-in-ui');
    expect(await rulesBroken(code, 'src/ui/Example.tsx')).toEqual([]);
  });

  it('fails on server code that imports from src/ anything but the API schemas and the server-drawn module', async () => {
    const file = 'server/http/example.ts';
    expect(
      await rulesBroken(
        `import { findRoute } from '../../src/routing/route-table';\nexport const x = findRoute;\n`,
        file,
      ),
    ).toContain('shape/server-imports');
    expect(
      await rulesBroken(
        `import { findRoute } from '../../src/server-drawn';\nimport { claims } from '../../src/api/schemas/users';\nexport const x = [findRoute, claims];\n`,
        file,
      ),
    ).toEqual([]);
  });
});
