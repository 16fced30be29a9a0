import { Children, type ReactNode } from 'react';
import { usePassesInTurn } from './use-passes-in-turn';
import { useWholeDrawing } from './whole-drawing';

/**
 * Draws its children one at a time, in page order: the first with the parent, each next one in a
 * task of its own after the last was committed, as a transition. A long list of blocks then never
 * becomes one long commit and layout that keeps a slow phone from answering a tap.
 * Put it below the first screen only: what comes in later pushes down what follows it.
 * Its box takes no room (`display: contents`) and is marked busy until every child is in. In a
 * whole drawing (ui/whole-drawing.ts) every child comes at once.
 */
export function RevealInTurn({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const shown = usePassesInTurn(parts.length, useWholeDrawing() ? parts.length : 1);
  return (
    <div className="reveal-in-turn" aria-busy={shown < parts.length || undefined}>
      {parts.slice(0, shown)}
    </div>
  );
}
