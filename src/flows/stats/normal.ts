import { regularizedGammaQ } from './gamma';

/** The two-sided 95 % quantile of the standard normal distribution, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

/** P(|Z| ≥ |z|) for a standard normal Z: erfc(|z| / √2), read as Q(½, z² / 2). */
export function twoSidedNormalP(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return regularizedGammaQ(0.5, (z * z) / 2);
}
