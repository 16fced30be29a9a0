import type { Api } from '../api';
import type { PageReads } from './page-reads';

/**
 * Support's telephone and e-mail for a market, read once per visit of a page; null when they
 * cannot be read. Checkout's suspended notice and the cancellation pages draw it; the cancellation
 * pages' loaders ask for it ahead, so the contact is drawn with the page instead of arriving
 * afterwards and pushing the buttons below it out from under a press.
 */
export function readSupportContact(api: Pick<Api, 'config'>, reads: PageReads, countryCd: string) {
  return reads.read(`support:${countryCd}`, () => api.config.supportDetails(countryCd).catch(() => null));
}
