import { createContext, useContext, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import type { Api } from '../api';
import type { StartupActor } from './startup-actor';
import type { Analytics } from './analytics';
import type { FlowRecording } from './flow-recording';
import type { KeptActors } from './kept-actors';
import type { AppNavigation } from './navigation';
import type { PageReads } from './page-reads';
import type { FunnelService } from './purchase-funnel/funnel-service';
import type { RuntimeConfig } from './runtime-config';

/**
 * What every page and route may reach: the API, the start-up actor, the runtime configuration,
 * the navigation machines' decisions go through, and the one purchase funnel.
 */
export interface AppServices {
  api: Api;
  startup: StartupActor;
  config: RuntimeConfig;
  navigation: AppNavigation;
  funnel: FunnelService;
  /** What pages draw from, read once per visit (see page-reads.ts). */
  reads: PageReads;
  /** What the tools beside the pages (the tester panel) draw from, read once while the app runs. */
  lastingReads: PageReads;
  /** Events, error log and data layer; absent in tests that do not need it. */
  analytics?: Analytics;
  /** The inspector every actor the app creates is given, so the flow explorer sees its steps. */
  recordFlows: FlowRecording['recordFlows'];
  /** Actors that run across pages (the upsell sequence). */
  keptActors: KeptActors;
  /** The app's texts: a page's loader loads the namespaces its page draws from. */
  i18n: i18n;
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
