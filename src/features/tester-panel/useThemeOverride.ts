import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { pickStorage, readItem, removeItem, writeItem } from '../../domain/storage';
import { isTesterTheme, STORAGE_KEYS, type TesterTheme } from './tester-panel';

const storage = () =>
  pickStorage(
    () => localStorage,
    () => sessionStorage,
  );

/**
 * The tester's white-label theme, kept locally; it wins over the portal's theme while it is
 * set. The panel holds it whether open or not, so a collapsed panel still applies it.
 */
export function useThemeOverride() {
  const { startup } = useServices();
  const portalTheme = useSelector(startup, (s) => s.context.theme);
  const [override, setOverride] = useState<TesterTheme | null>(() => {
    const stored = readItem(storage(), STORAGE_KEYS.theme);
    return isTesterTheme(stored) ? stored : null;
  });

  useEffect(() => {
    if (!override) return;
    const html = document.documentElement;
    const apply = () => {
      if (html.dataset.theme !== override) html.dataset.theme = override;
    };
    apply();
    // The start-up machine may decide the portal theme later; the tester's choice stays.
    const observer = new MutationObserver(apply);
    observer.observe(html, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [override]);

  const choose = (value: string) => {
    if (!isTesterTheme(value)) return;
    writeItem(storage(), STORAGE_KEYS.theme, value);
    setOverride(value);
  };
  const usePortalTheme = () => {
    removeItem(storage(), STORAGE_KEYS.theme);
    setOverride(null);
    document.documentElement.dataset.theme = portalTheme ?? 'default';
  };

  const current: TesterTheme = override ?? (isTesterTheme(portalTheme) ? portalTheme : 'default');
  return { current, overridden: override !== null, choose, usePortalTheme };
}

export type ThemeOverride = ReturnType<typeof useThemeOverride>;
