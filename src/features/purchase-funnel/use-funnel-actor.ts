import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import type { FunnelActor } from '../../app/purchase-funnel/funnel-effects';

/** The funnel this page shows: the one its route entered (routing/router.tsx) before the page was drawn. */
export function useFunnelActor(): FunnelActor {
  const { funnel } = useServices();
  const actor = useSyncExternalStore(funnel.subscribe, funnel.current);
  if (!actor) throw new Error('A funnel page was drawn without its route entering the funnel.');
  return actor;
}
