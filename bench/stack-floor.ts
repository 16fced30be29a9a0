import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * The smallest app the required stack allows: React, TanStack Router, i18next, XState, zod (mini),
 * ky and the react-aria parts the sell page uses, each used once, built like the product. Its
 * JavaScript (gzip) is a floor no page of the product can go below; the bundle budget is read
 * against it.
 */
const FLOOR_APP = `
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createActor, setup } from 'xstate';
import { useSelector } from '@xstate/react';
import { z } from 'zod/mini';
import ky from 'ky';
import { Button, I18nProvider, Radio, RadioGroup, Tooltip, TooltipTrigger } from 'react-aria-components';

const answer = z.object({ plan: z.string(), price: z.optional(z.number()) });
const machine = setup({}).createMachine({ initial: 'choosing', states: { choosing: { on: { pick: 'chosen' } }, chosen: {} } });
const actor = createActor(machine).start();
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: 'Plans' } } } });

function Page() {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => String(s.value));
  return (
    <I18nProvider locale="en-US">
      <h1>{t('title')} {state}</h1>
      <RadioGroup aria-label="plan"><Radio value="a">A</Radio></RadioGroup>
      <TooltipTrigger>
        <Button onPress={() => { actor.send({ type: 'pick' }); void ky.get('/plans').json().then((json) => answer.parse(json)); }}>Go</Button>
        <Tooltip>More</Tooltip>
      </TooltipTrigger>
    </I18nProvider>
  );
}
const root = createRootRoute({ component: () => <Outlet /> });
const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Page })]) });
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

export async function measureStackFloor(scratchInRepo: string): Promise<number> {
  mkdirSync(scratchInRepo, { recursive: true });
  // Inside the repository, so the app resolves the product's own node_modules.
  const root = mkdtempSync(join(resolve(scratchInRepo), 'floor-'));
  try {
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
    writeFileSync(join(root, 'main.tsx'), FLOOR_APP);
    const outDir = join(root, 'dist');
    await build({ root, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, target: 'es2022', emptyOutDir: true } });
    const assets = join(outDir, 'assets');
    const bytes = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0);
    return Math.round((bytes / 1024) * 10) / 10;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
