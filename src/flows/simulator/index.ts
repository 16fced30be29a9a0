import { createApi } from '../../api';
import { COUNTRY_BY_CULTURE, PORTAL_CODE_BY_CULTURE, PORTAL_ID_BY_CULTURE } from '../../app/portal';
import type { SimulatorReads, SimulatorSettings } from './simulate';

export { firstPathOf, simulate, visitOf, type SimulatorReads, type SimulatorSettings } from './simulate';

/**
 * The simulator's reads over a `fetch` that reaches the server: the app's own API client, so the
 * simulated pages get the very answers the browser gets (the server passes a fetch that calls
 * itself in process, with the persona's session).
 */
export function simulatorReadsOver(fetch: typeof globalThis.fetch, apiBase: string): SimulatorReads {
  return createApi({ apiBase, fetch, timeoutMs: 10_000 });
}

/** A guest is simulated in the default culture's market and portal (en-US), as a browser in that language is. */
export function guestSettings(): Pick<SimulatorSettings, 'guestCountry' | 'guestPortalCode' | 'guestPortalId'> {
  return {
    guestCountry: COUNTRY_BY_CULTURE['en-US'],
    guestPortalCode: PORTAL_CODE_BY_CULTURE['en-US'],
    guestPortalId: PORTAL_ID_BY_CULTURE['en-US'],
  };
}
