/**
 * The mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis and Walsh,
 * "Always Valid Inference: Continuous Monitoring of A/B Tests" (Operations Research, 2022;
 * arXiv 1512.04922, 2015), as Optimizely's Stats Engine uses it, for the difference of two
 * conversion rates θ = p_variation − p_control.
 *
 * The estimate θ̂ is taken as normal with variance σ² = p̄(1 − p̄)(1/n₁ + 1/n₂) (the pooled rate,
 * as under the null hypothesis θ = 0), and the alternative θ is mixed over N(0, τ²). The
 * likelihood ratio of that mixture against θ = 0 is
 *
 *   Λ = √(σ² / (σ² + τ²)) · exp(θ̂² τ² / (2 σ² (σ² + τ²)))
 *
 * which is a martingale under the null, so (Ville's inequality) P(Λ ever reaches 1/α) ≤ α: the
 * always-valid p-value min over every look of 1/Λ, capped at 1, may be read after every visit.
 */

/**
 * τ², the variance of the normal mixing distribution over the true difference of rates. The test
 * is most powerful for differences near τ ≈ 0.032 (3.2 points of conversion); it is valid for any
 * τ², a smaller one waits for more visits on large effects, a larger one on small effects.
 */
export const MSPRT_MIXING_VARIANCE = 0.001;

/** The significance level of the always-valid p-value. */
export const SEQUENTIAL_ALPHA = 0.05;

export interface Look {
  controlVisits: number;
  controlConversions: number;
  visits: number;
  conversions: number;
}

/** Λ at one look; 1 (no evidence) while either group is empty or no variance is seen. */
export function mixtureLikelihoodRatio(look: Look, mixingVariance = MSPRT_MIXING_VARIANCE): number {
  const { controlVisits: n0, controlConversions: x0, visits: n1, conversions: x1 } = look;
  if (n0 === 0 || n1 === 0) return 1;
  const pooled = (x0 + x1) / (n0 + n1);
  const variance = pooled * (1 - pooled) * (1 / n0 + 1 / n1);
  if (variance === 0) return 1;
  const difference = x1 / n1 - x0 / n0;
  const total = variance + mixingVariance;
  return Math.sqrt(variance / total) * Math.exp((difference * difference * mixingVariance) / (2 * variance * total));
}

/** The always-valid p-value after these looks, in order: the running minimum of 1/Λ, at most 1. */
export function alwaysValidPValue(looks: Iterable<Look>, mixingVariance = MSPRT_MIXING_VARIANCE): number {
  let p = 1;
  // Λ may overflow to Infinity on overwhelming evidence: its reciprocal is then 0, which is right.
  for (const look of looks) p = Math.min(p, 1 / mixtureLikelihoodRatio(look, mixingVariance));
  return p;
}

/** A running always-valid p-value, updated one look at a time (the simulations watch it look by look). */
export function sequentialTest(mixingVariance = MSPRT_MIXING_VARIANCE) {
  let p = 1;
  return {
    look(look: Look): number {
      p = Math.min(p, 1 / mixtureLikelihoodRatio(look, mixingVariance));
      return p;
    },
    get pValue() {
      return p;
    },
    get significant() {
      return p < SEQUENTIAL_ALPHA;
    },
  };
}
