import { useState } from 'react';
import { createApiClient } from '../api/client';
import { flowsSimulatorApi } from '../api/flows-simulator';
import { SimulatorPanel } from './simulator/SimulatorPanel';

/** The "what will this person see" simulator, on the explorer's page, over the same API base. */
export function SimulatorMount({ apiBase }: { apiBase: string }) {
  const [api] = useState(() => flowsSimulatorApi(createApiClient({ apiBase, timeoutMs: 30_000 })));
  return (
    <div className="flows-panel" data-testid="simulator-mount">
      <SimulatorPanel api={api} />
    </div>
  );
}
