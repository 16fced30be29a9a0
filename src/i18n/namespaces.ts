import type { BackendModule, ReadCallback } from 'i18next';
import { packOfNamespace } from './text-packs';

type Texts = Record<string, unknown>;

/**
 * Every namespace is a file per culture (`locales/<culture>/<namespace>.json`). A culture's
 * namespaces travel in two packs (text-packs.ts), each loaded only when that culture is used and a
 * page needs it: a page's texts in seven languages would otherwise all sit in the first download,
 * and two dozen small requests would queue behind the app's code on a slow link. Only the fallback
 * culture's `common` ships with the app (cultures.ts). Adding a namespace is adding its seven files,
 * its name below and, if the funnel's pages use it, its name in text-packs.ts and the core files.
 */
const cultureTexts = import.meta.glob<Record<string, Texts>>('./culture-texts/*.ts', { import: 'default' });

/** Every namespace but `common`, which is always loaded first (a test holds this to the files). */
export const LAZY_NAMESPACES: readonly string[] = [
  'account',
  'billing',
  'cancel-confirm',
  'cancel-rating',
  'cancel-reminder',
  'cancel-survey',
  'catalogue',
  'dashboard',
  'final-offer',
  'free-review',
  'funnel',
  'low-intent',
  'manage-subscription',
  'order',
  'pre-cancel',
  'price-info',
  'save-offers',
  'sell-blocks',
  'services',
  'testimonials',
  'upsell',
  'upsell-offers',
  'winback',
];

export const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = cultureTexts[`./culture-texts/${language}.${packOfNamespace(namespace)}.ts`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (files) => callback(null, files[`../locales/${language}/${namespace}.json`] ?? {}),
      (error: unknown) => callback(error as Error, false),
    );
  },
};
