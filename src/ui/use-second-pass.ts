import { startTransition, useEffect, useState } from 'react';
import { useWholeDrawing } from './whole-drawing';

/**
 * False for a component's first drawing, true right after, in a transition: what is gated by it
 * is drawn in a second pass that React may interrupt, so the first one reaches the screen (and
 * answers a tap) sooner. Gate only what sits below the first screen, or nothing moves.
 * In a whole drawing (ui/whole-drawing.ts) it is true from the start.
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(useWholeDrawing() !== null);
  useEffect(() => {
    if (!second) startTransition(() => setSecond(true));
  }, [second]);
  return second;
}
