import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EARLY_PAGES, PAGE_MODULE_ROUTES, pageModuleOf } from '../../src/routing/early-pages';
import { ROUTES } from '../../src/routing/route-table';

/**
 * The server names a page's module so the browser fetches it with the app's own code
 * (server/http/page-preloads.ts). That table must name the module page-components.tsx really
 * loads for the route: read from its source, every route whose page comes straight from a module.
 */
function modulesLoadedByPageComponents(): Map<string, string> {
  const source = readFileSync('src/routing/page-components.tsx', 'utf8');
  const toModule = (specifier: string) => `src/${specifier.replace(/^\.\.\//, '')}.tsx`;
  const importIn = (text: string) => text.match(/import\('([^']+)'\)/)?.[1];
  const constant = (name: string) => source.match(new RegExp(`const ${name} = (.+);`))?.[1];
  const resolve = (expression: string): string | undefined => {
    const inline = expression.match(/^lazyRouteComponent\((.+?)(?:, '\w+')?\)$/);
    if (!inline)
      return /^\w+$/.test(expression) && constant(expression)?.startsWith('lazyRouteComponent(')
        ? resolve(constant(expression)!)
        : undefined;
    const loader = inline[1]!;
    const specifier = importIn(loader) ?? (/^\w+$/.test(loader) ? importIn(constant(loader) ?? '') : undefined);
    return specifier ? toModule(specifier) : undefined;
  };
  const pages = source.slice(source.indexOf('const PAGES = {'), source.indexOf('} satisfies PageMap;'));
  const found = new Map<string, string>();
  for (const [, route, expression] of pages.matchAll(/^\s+(\w+): (.+),$/gm)) {
    const module = resolve(expression!);
    if (module) found.set(route!, module);
  }
  return found;
}

describe('the page modules the server names', () => {
  const loaded = modulesLoadedByPageComponents();

  it('reads the page map (a reading that found nothing would prove nothing)', () => {
    expect(loaded.size).toBeGreaterThanOrEqual(40);
    expect(loaded.get('cancellationSurvey')).toBe('src/features/cancellation/SurveyPage.tsx');
  });

  it.each([...loaded])('%s: the server names the module page-components loads (%s)', (route, module) => {
    const path = ROUTES.find((r) => r.id === route)!.path;
    expect(pageModuleOf(`/payment/${path}`)).toBe(module);
  });

  it('names no module for a route whose page it cannot know in advance', () => {
    for (const route of Object.keys(PAGE_MODULE_ROUTES)) expect(loaded.has(route), route).toBe(true);
    expect(pageModuleOf('/payment/cancellation/received'), 'the signed-in or the logged-out receipt').toBeNull();
    expect(pageModuleOf('/payment/no-such-page')).toBeNull();
    expect(pageModuleOf('/payment/checkout')).toBe(EARLY_PAGES.checkout.module);
  });
});
