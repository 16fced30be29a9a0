import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first drawing, true right after, in a transition: what is gated by it
 * is drawn in a second pass that React may interrupt, so the first one reaches the screen (and
 * answers a tap) sooner. Gate only what sits below the first screen, or nothing moves.
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    startTransition(() => setSecond(true));
  }, []);
  return second;
}
