/**
 * White-label themes (spec §2 "Loaders and start-up"): which one a visitor sees. A tester's
 * choice, kept locally by the tester panel, wins over the portal's theme while it is set.
 */
export const THEMES = ['default', 'wlb', 'mpr'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'default';

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

/** Local storage: the theme a tester picked in the panel. */
export const TESTER_THEME_KEY = 'tp_theme';

const THEME_BY_PORTAL: Record<string, Theme> = { WLB: 'wlb', MPR: 'mpr' };

export function chosenTheme(from: { testerTheme: string | null; portalCode: string | null | undefined }): Theme {
  if (isTheme(from.testerTheme)) return from.testerTheme;
  return THEME_BY_PORTAL[from.portalCode?.trim().toUpperCase() ?? ''] ?? DEFAULT_THEME;
}
