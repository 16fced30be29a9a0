import type { AppServices } from '../../app/services';
import { readSupportContact } from '../../app/support-contact';

/**
 * What the pre-cancel and survey pages' effects take from the app's services for the signed-in
 * person: the API, where their ends lead, and support's contact read ahead with the page.
 */
export function cancellationPageDeps(
  services: Pick<AppServices, 'api' | 'reads' | 'navigation' | 'config'>,
  user: { UserUID: string; PortalID: number; CountryCD: string },
) {
  const { api, reads, navigation, config } = services;
  return {
    api,
    user,
    navigation,
    dashboardUrl: config.dashboardUrl,
    readSupportContact: () => readSupportContact(api, reads, user.CountryCD),
  };
}
