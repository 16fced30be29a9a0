import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` costly parts to draw: none in a component's first drawing, then one more in
 * each pass after it, every pass a transition of its own. A part whose first drawing is heavy (a
 * date picker draws itself twice as it mounts) then costs the page one short task each, not one
 * long task for all. Keep each part's room until it comes, or the page moves.
 */
export function usePassesInTurn(count: number): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn < count) startTransition(() => setDrawn(drawn + 1));
  }, [drawn, count]);
  return drawn;
}
