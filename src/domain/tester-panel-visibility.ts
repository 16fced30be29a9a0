/**
 * Who sees the tester panel. Testers ask for it from the address bar; a demo server shows it
 * to everyone, since everyone there is testing. A shopper on a production server, who does
 * neither, never sees it.
 */
import { parseQueryParams } from './query-params';

export interface TesterPanelAudience {
  /** Whether the server has demo sign-in on; null until the server has said. */
  demoMode: boolean | null;
  /** Whether the address asks for the panel (see `asksForTesterPanel`). */
  askedByQuery: boolean;
}

/** `force_show_tp_widget=true`, or `wlbdemo` present (bare, or anything but false/0). */
export function asksForTesterPanel(search: string): boolean {
  const query = parseQueryParams(search);
  if (query.force_show_tp_widget === true || query.wlbdemo === true) return true;
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const [key, value] of params) if (key.toLowerCase() === 'wlbdemo' && value.trim() === '') return true;
  return false;
}

/**
 * Shows the panel in demo mode or when the address asks for it. Nothing shows before the
 * server has answered: the panel is a tool for testers and waits until the page is up.
 */
export function showsTesterPanel({ demoMode, askedByQuery }: TesterPanelAudience): boolean {
  if (demoMode === null) return false;
  return demoMode || askedByQuery;
}
