/** The texts of the services' pages: intake, offers and the sell page's service section (`locales/<culture>/services.json`). */
export const SERVICES_NAMESPACE = 'services';
