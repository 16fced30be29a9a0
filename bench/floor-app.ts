import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type UserConfig } from 'vite';
import viteConfig from '../vite.config';
import { measureBundles } from './bundle';

/**
 * The smallest app the required stack allows: React, TanStack Router, i18next, XState, zod (mini),
 * ky and the react-aria parts the sell page uses (a radio group, a button; the tooltip loads on
 * demand, as the sell page's does). It is built with the product's own build options and measured
 * by the same manifest walk, so its first view is the floor no page of the product can go below.
 * The bench serves it from the bare Hono process and measures its page with Lighthouse and its
 * radio with the click-latency probe: the references every page figure is divided by.
 */
export const FLOOR_BASE = '/floor/';
export const FLOOR_HEADING = 'Choose a plan';
export const FLOOR_RADIO_TEST_IDS = ['floor-radio-a', 'floor-radio-b', 'floor-radio-c'] as const;

const FLOOR_MAIN = `
import { lazy, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createActor, setup, assign } from 'xstate';
import { useSelector } from '@xstate/react';
import * as z from 'zod/mini';
import ky from 'ky';
import { Button, I18nProvider, Radio, RadioGroup } from 'react-aria-components';

const Tip = lazy(() => import('./tip'));
const answer = z.object({ plan: z.string(), price: z.optional(z.number()) });
const machine = setup({ types: { context: {} as { plan: string }, events: {} as { type: 'plan.pick'; plan: string } } }).createMachine({
  context: { plan: 'a' },
  on: { 'plan.pick': { actions: assign({ plan: ({ event }) => event.plan }) } },
});
const actor = createActor(machine).start();
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: ${JSON.stringify(FLOOR_HEADING)}, plans: 'Plans' } } } });

function Page() {
  const { t } = useTranslation();
  const plan = useSelector(actor, (s) => s.context.plan);
  const [tip, setTip] = useState(false);
  return (
    <I18nProvider locale="en-US">
      <main>
        <h1>{t('title')}</h1>
        <RadioGroup aria-label={t('plans')} value={plan} onChange={(value) => actor.send({ type: 'plan.pick', plan: value })}>
          ${FLOOR_RADIO_TEST_IDS.map((id, i) => `<Radio value="${'abc'[i]}" data-testid="${id}">Plan ${'ABC'[i]}</Radio>`).join('\n          ')}
        </RadioGroup>
        <Button onPress={() => { setTip(true); void ky.get('plans.json').json().then((json) => answer.parse(json)).catch(() => null); }}>More</Button>
        {tip ? <Suspense fallback={null}><Tip /></Suspense> : null}
      </main>
    </I18nProvider>
  );
}
const root = createRootRoute({ component: () => <Outlet /> });
const router = createRouter({ basepath: ${JSON.stringify(FLOOR_BASE)}, routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Page })]) });
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

const FLOOR_TIP = `
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
export default function Tip() {
  return <TooltipTrigger defaultOpen><Button>?</Button><Tooltip>The plan renews each month.</Tooltip></TooltipTrigger>;
}
`;

export interface FloorApp {
  distDir: string;
  /** JavaScript of its first view (gzip KB), by the same manifest walk as the product's pages. */
  jsGzipKb: number;
}

/** The product's output options (its chunk groups) for the app's own build, the client environment. */
export function productOutputOptions(product: UserConfig) {
  const output = product.environments?.client?.build?.rolldownOptions?.output;
  if (!output || Array.isArray(output))
    throw new Error(
      "vite.config.ts has no single output for the client environment: the floor app could not be built the product's way",
    );
  return output;
}

/** Builds the floor app inside `scratchInRepo` (so it resolves the product's node_modules) into `outDir`. */
export async function buildFloorApp(scratchInRepo: string, outDir: string): Promise<FloorApp> {
  mkdirSync(scratchInRepo, { recursive: true });
  const root = mkdtempSync(join(resolve(scratchInRepo), 'floor-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><div id="root"></div><script type="module" src="./src/main.tsx"></script></body></html>',
  );
  // Under src/main.tsx like the product's entry, so the product's chunk groups treat it the same way.
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.tsx'), FLOOR_MAIN);
  writeFileSync(join(root, 'src', 'tip.tsx'), FLOOR_TIP);
  const product = viteConfig as UserConfig;
  // The app's chunk groups belong to its client environment (the flow explorer is another one).
  const output = productOutputOptions(product);
  try {
    await build({
      root,
      base: FLOOR_BASE,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      // The product's own options: target, manifest and the grouping of what every page needs at once.
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: product.build?.target,
        rolldownOptions: { output },
      },
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const figures = measureBundles(outDir, { floor: null });
  if (!Array.isArray(figures)) throw new Error(`the floor app's manifest is missing: ${figures.missing}`);
  return { distDir: outDir, jsGzipKb: figures[0]!.jsGzipKb };
}
