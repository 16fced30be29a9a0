import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/pages'));

export const configApi = (client: ApiClient) => ({
  features: (moduleName?: string) => client.get('config/features', schema('configFeatures'), { moduleName }),
  experiments: () => client.get('config/experiments', schema('configExperiments')),
  supportDetails: (countryCD: string) => client.get('config/csdetails', schema('csDetails'), { countryCD }),
});
