import type { ConfigFeatures } from '../api/schemas/pages';

/** Right-to-left cultures come from configuration (spec §9), matched by full culture or language. */
export function directionFor(culture: string, rightToLeftCultures: readonly string[]): 'rtl' | 'ltr' {
  const wanted = culture.toLowerCase();
  const language = wanted.split('-')[0];
  return rightToLeftCultures.some((c) => c.toLowerCase() === wanted || c.toLowerCase() === language) ? 'rtl' : 'ltr';
}

function rtlCulturesOf(data: unknown): string[] {
  const cultures = (data as { cultures?: unknown } | undefined)?.cultures;
  return Array.isArray(cultures) ? cultures.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * Sets the page's direction once the Shell configuration is in (start-up's own read of it);
 * without it the page stays left to right.
 */
export async function applyTextDirection(
  shellConfig: Promise<ConfigFeatures>,
  culture: () => string,
  root: HTMLElement,
): Promise<void> {
  try {
    const answer = await shellConfig;
    const block = answer.Features.find((f) => f.FeatureCD === 'rightToLeftCultures');
    const cultures = block?.Config.Show ? rtlCulturesOf(block.Config.Data) : [];
    root.dir = directionFor(culture(), cultures);
  } catch {
    root.dir = 'ltr';
  }
}
