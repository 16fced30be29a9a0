import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` costly parts to draw: `first` of them with the component, then one more in
 * each pass after it, every pass a transition in a task of its own after the last was committed.
 * Parts whose first drawing is heavy (a date picker draws itself twice as it mounts; a block below
 * the plans) then cost the page one short task each, not one long task for all. Keep each part's
 * room until it comes, or what follows it moves.
 */
export function usePassesInTurn(count: number, first = 0): number {
  const [drawn, setDrawn] = useState(Math.min(first, count));
  useEffect(() => {
    if (drawn >= count) return;
    const next = setTimeout(() => startTransition(() => setDrawn((n) => n + 1)), 0);
    return () => clearTimeout(next);
  }, [drawn, count]);
  return Math.min(drawn, count);
}
