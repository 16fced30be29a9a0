import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '../api';
import type { StartupAccessActor } from '../../machines/startup-access.machine';
import type { Analytics } from './analytics';
import type { RuntimeConfig } from './runtime-config';

/** What every page may reach: the API, the start-up actor and the runtime configuration. */
export interface AppServices {
  api: Api;
  startup: StartupAccessActor;
  config: RuntimeConfig;
  /** Events, error log and data layer; absent in tests that do not need it. */
  analytics?: Analytics;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
