/**
 * Each white-label theme's stylesheet is its own file, fetched only for a visitor who sees
 * that theme. The promise settles once the rules are in the page, and rejects when the file
 * could not be loaded: the visitor then keeps the default look rather than a half-themed one,
 * and a later attempt asks for the file again.
 */
import type { Theme } from '../domain/themes';
import mprStylesheet from '../themes/mpr.css?url';
import wlbStylesheet from '../themes/wlb.css?url';

const STYLESHEETS: Record<Exclude<Theme, 'default'>, string> = { wlb: wlbStylesheet, mpr: mprStylesheet };

const loading = new Map<string, Promise<void>>();

export function loadThemeStylesheet(theme: Theme): Promise<void> {
  if (theme === 'default') return Promise.resolve();
  const href = STYLESHEETS[theme];
  const known = loading.get(href);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      loading.delete(href);
      reject(new Error(`the ${theme} theme's stylesheet did not load`));
    };
    document.head.append(link);
  });
  loading.set(href, load);
  return load;
}
