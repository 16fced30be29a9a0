import { pickStorage, writeItem, type KeyValueStorage } from '../../domain/storage';
import { STORAGE_KEYS } from './tester-panel';

/** Where the panel keeps its position: local storage, else this tab's. */
export const panelStorage = (): KeyValueStorage | null =>
  pickStorage(
    () => localStorage,
    () => sessionStorage,
  );

export const panelSessionStore = (): KeyValueStorage | null => pickStorage(() => sessionStorage, null);

/** Reloads or leaves the page from inside the panel, which then opens again on the page that follows. */
export function goKeepingPanelOpen(go: () => void) {
  writeItem(panelSessionStore(), STORAGE_KEYS.reopen, 'true');
  go();
}
