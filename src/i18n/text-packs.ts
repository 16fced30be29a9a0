/**
 * A culture's texts travel in two files (`culture-texts/<culture>.<pack>.ts`), so a page fetches
 * only what it can draw from:
 * - `core`: the namespaces of the funnel's pages (sell page, checkout) and, for every culture but
 *   the fallback (whose common ships with the app), `common`. Every page loads it.
 * - `more`: every other page's namespaces. The funnel's pages and the cancellation form never
 *   load it; every other page waits for it in its loader (routing/page-texts.ts).
 * A test holds the two lists to the locale files.
 */
export const CORE_NAMESPACES: readonly string[] = [
  'catalogue',
  'funnel',
  'low-intent',
  'sell-blocks',
  'services',
  'testimonials',
];

export const TEXT_PACKS = ['core', 'more'] as const;
export type TextPack = (typeof TEXT_PACKS)[number];

export const packOfNamespace = (namespace: string): TextPack =>
  namespace === 'common' || CORE_NAMESPACES.includes(namespace) ? 'core' : 'more';

/** The module (as Vite's manifest names it) holding a culture's pack. */
export const textPackModule = (culture: string, pack: TextPack) => `src/i18n/culture-texts/${culture}.${pack}.ts`;
