import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Where the simulator panel goes (`SimulatorPanel` from ./simulator/, written beside the explorer).
 * It is found at build time: without it, this section says it is not there.
 */
const found = import.meta.glob<{ SimulatorPanel: ComponentType<{ apiBase: string }> }>('./simulator/index.{ts,tsx}');
const load = Object.values(found)[0];
const SimulatorPanel = load ? lazy(async () => ({ default: (await load()).SimulatorPanel })) : null;

export function SimulatorMount({ apiBase }: { apiBase: string }) {
  return (
    <section aria-labelledby="simulator-heading" className="flows-panel" data-testid="simulator-mount">
      <h2 id="simulator-heading">What will this person see</h2>
      {SimulatorPanel ? (
        <Suspense
          fallback={
            <p role="status" className="flows-loading">
              Loading the simulator…
            </p>
          }
        >
          <SimulatorPanel apiBase={apiBase} />
        </Suspense>
      ) : (
        <p>The simulator is not part of this build.</p>
      )}
    </section>
  );
}
