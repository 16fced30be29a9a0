import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { loadThemeStylesheet } from '../../app/theme-stylesheets';
import { chosenTheme, isTheme, type Theme } from '../../domain/themes';
import { pickStorage, readItem, removeItem, writeItem } from '../../domain/storage';
import { STORAGE_KEYS } from './tester-panel';

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
  const portalCode = useSelector(startup, (s) => s.context.claims?.PortalCD ?? null);
  const [override, setOverride] = useState<Theme | null>(() => {
    const stored = readItem(storage(), STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : null;
  });

  useEffect(() => {
    if (!override) return;
    const html = document.documentElement;
    const apply = () => {
      if (html.dataset.theme !== override) html.dataset.theme = override;
    };
    let active = true;
    // The start-up machine may decide the portal theme later; the tester's choice stays.
    const observer = new MutationObserver(apply);
    // The look changes once its stylesheet is in; one that cannot load leaves the current look.
    loadThemeStylesheet(override).then(
      () => {
        if (!active) return;
        apply();
        observer.observe(html, { attributes: true, attributeFilter: ['data-theme'] });
      },
      () => undefined,
    );
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [override]);

  const choose = (value: string) => {
    if (!isTheme(value)) return;
    writeItem(storage(), STORAGE_KEYS.theme, value);
    setOverride(value);
  };
  const usePortalTheme = () => {
    removeItem(storage(), STORAGE_KEYS.theme);
    setOverride(null);
    // Start-up's theme included the tester's pick: the portal's own is decided again without it.
    const portal = chosenTheme({ testerTheme: null, portalCode });
    loadThemeStylesheet(portal).then(
      () => (document.documentElement.dataset.theme = portal),
      () => (document.documentElement.dataset.theme = 'default'),
    );
  };

  const current: Theme = override ?? chosenTheme({ testerTheme: null, portalCode });
  return { current, overridden: override !== null, choose, usePortalTheme };
}

export type ThemeOverride = ReturnType<typeof useThemeOverride>;
