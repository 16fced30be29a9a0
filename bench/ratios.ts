/** a / b to two decimals; null when either figure is missing or the reference is zero. */
export function ratio(value: number | null | undefined, reference: number | null | undefined): number | null {
  if (value === null || value === undefined || reference === null || reference === undefined || reference === 0)
    return null;
  return Math.round((value / reference) * 100) / 100;
}
