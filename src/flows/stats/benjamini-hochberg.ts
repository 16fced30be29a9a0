/**
 * Benjamini–Hochberg (1995) adjusted p-values (q-values), in the order given: with many
 * comparisons shown at once (an experiment split by country, device and user type), reject
 * those whose q-value is below the false discovery rate accepted, e.g. 0.05, and at most that
 * share of the rejections is expected to be false.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => b[0] - a[0]);
  const adjusted = new Array<number>(m);
  let running = 1;
  order.forEach(([p, index], k) => {
    const rank = m - k;
    running = Math.min(running, (p * m) / rank);
    adjusted[index] = running;
  });
  return adjusted;
}
