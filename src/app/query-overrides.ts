import { countryOverrideCookie, parseQueryParams, persistLocationOverride } from '../domain/query-params';
import { pickStorage } from '../domain/storage';

/**
 * Testers steer the app from the address bar: `countrycd` is kept in a cookie and
 * `ipcountrycd`/`ipstatecd` in local storage (session storage when local is blocked), so the
 * override outlives the page it was given on.
 */
export function applyQueryOverrides(search: string, doc: Document, local: () => Storage, session: () => Storage): void {
  const query = parseQueryParams(search);
  if (query.countrycd) {
    const cookie = countryOverrideCookie(query.countrycd, { path: '/' });
    if (cookie) doc.cookie = cookie;
  }
  persistLocationOverride(query, pickStorage(local, session));
}
