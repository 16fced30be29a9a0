/**
 * Who sees the tester panel. Testers ask for it from the address bar; a demo server shows it
 * to everyone, since everyone there is testing. A shopper on a production server, who does
 * neither, never sees it.
 */
import { parseQueryParams } from './query-params';

export interface TesterPanelAudience {
  /** Whether the server has demo sign-in on (false when it could not be asked). */
  demoMode: boolean;
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
 * Shows the panel in demo mode or when the address asks for it. The audience is known only
 * once the server has answered, so nothing shows before that.
 */
export function showsTesterPanel({ demoMode, askedByQuery }: TesterPanelAudience): boolean {
  return demoMode || askedByQuery;
}
