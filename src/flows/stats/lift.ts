/** (variation − control) / control; null when the control converted nobody (no baseline to compare with). */
export function relativeLift(variationRate: number, controlRate: number): number | null {
  return controlRate > 0 ? (variationRate - controlRate) / controlRate : null;
}
