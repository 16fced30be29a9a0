import type { ApiClient } from './client';
import { configFeatures, csDetails } from './schemas/pages';

export const configApi = (client: ApiClient) => ({
  features: (moduleName?: string) => client.get('config/features', configFeatures, { moduleName }),
  supportDetails: (countryCD: string) => client.get('config/csdetails', csDetails, { countryCD }),
});
