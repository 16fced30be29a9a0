import type { BackendModule, ReadCallback } from 'i18next';

type Texts = Record<string, unknown>;

/**
 * Every namespace is a file per culture (`locales/<culture>/<namespace>.json`), loaded only
 * for the culture in use: a page's texts in seven languages would otherwise all sit in the
 * first download. Only the fallback culture's `common` ships with it (cultures.ts). Adding a
 * namespace is adding its seven files.
 */
const lazyFiles = import.meta.glob<Texts>(['./locales/*/*.json', '!./locales/en-US/common.json'], { import: 'default' });

const fileName = (culture: string, namespace: string) => `./locales/${culture}/${namespace}.json`;

/** Every namespace but `common`, which is always loaded first. */
export const LAZY_NAMESPACES: string[] = [...new Set(Object.keys(lazyFiles).map((path) => path.split('/').pop()!.replace(/\.json$/, '')))]
  .filter((namespace) => namespace !== 'common')
  .sort();

export const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyFiles[fileName(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, false),
    );
  },
};
