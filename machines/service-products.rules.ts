/**
 * The services a person can buy besides a plan (spec §1 "resume review, tune-up and writing
 * services"): their product codes and the intake page of each. Read at start-up by the purchase
 * funnel and the post-payment rules, so they live apart from the intake's own rules.
 */

/** The four services; each has its own intake page. */
export type ServiceKind = 'resumeReview' | 'tuneUp' | 'resumeWriting' | 'coverLetterWriting';

export const SERVICE_KINDS: readonly ServiceKind[] = ['resumeReview', 'tuneUp', 'resumeWriting', 'coverLetterWriting'];

/** The product code of each service; market variants add a suffix (`RSWRIT-UK`, `CLWRIT_DE`). */
export const SERVICE_PRODUCT: Record<ServiceKind, string> = {
  resumeReview: 'RSMRVW',
  tuneUp: 'RSTUNE',
  resumeWriting: 'RSWRIT',
  coverLetterWriting: 'CLWRIT',
};

/** The intake page of each service, below the app's base. */
export const INTAKE_PATH = {
  resumeReview: 'resume-review',
  tuneUp: 'resume-tuneup',
  resumeWriting: 'resume-writing',
  coverLetterWriting: 'cover-letter-writing',
} as const satisfies Record<ServiceKind, string>;

/** The service a product id names, market variants included; null for anything else (plans, add-ons). */
export function serviceKindOf(productId: string | null | undefined): ServiceKind | null {
  const product = (productId ?? '').trim().toUpperCase();
  if (!product) return null;
  for (const kind of SERVICE_KINDS) {
    const code = SERVICE_PRODUCT[kind];
    if (product === code || product.startsWith(`${code}-`) || product.startsWith(`${code}_`)) return kind;
  }
  return null;
}

export const isServiceProduct = (productId: string | null | undefined): boolean => serviceKindOf(productId) !== null;
