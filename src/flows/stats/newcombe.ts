import { Z_95 } from './normal';
import { wilsonInterval, type Interval } from './wilson';

/**
 * Newcombe's hybrid score interval for the difference of two independent proportions,
 * p₁ − p₂ (method 10 of Newcombe 1998, "Interval estimation for the difference between
 * independent proportions"): it combines each proportion's Wilson interval, so it inherits
 * their good coverage with small counts and rates near 0 or 1.
 */
export function newcombeInterval(
  successes1: number,
  trials1: number,
  successes2: number,
  trials2: number,
  z = Z_95,
): Interval {
  const [l1, u1] = wilsonInterval(successes1, trials1, z);
  const [l2, u2] = wilsonInterval(successes2, trials2, z);
  const p1 = trials1 === 0 ? 0.5 : successes1 / trials1;
  const p2 = trials2 === 0 ? 0.5 : successes2 / trials2;
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}
