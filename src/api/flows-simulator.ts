import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { SimulationInput, SimulationOpenInput } from './schemas/flows-simulator';

const schema = schemasFrom(() => import('./schemas/flows-simulator'));

/** The flow simulator's calls (server/routes/flows-simulator.ts). */
export const flowsSimulatorApi = (client: ApiClient) => ({
  options: () => client.get('flows/simulate/options', schema('simulatorOptions')),
  simulate: (input: SimulationInput) => client.post('flows/simulate', schema('simulationResult'), input),
  /** Signs this browser in as a fresh copy of the persona (its cookies change) and answers the first page's address. */
  open: (input: SimulationOpenInput) => client.post('flows/simulate/open', schema('simulationOpened'), input),
});
export type FlowsSimulatorApi = ReturnType<typeof flowsSimulatorApi>;
