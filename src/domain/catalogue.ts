/**
 * The product catalogue: every product's name, short description, what it includes and its
 * renewal sentence, in the person's culture, from the `catalogue` text namespace. Pages, the
 * server's e-mails and receipts name a product only through here, never by the database's
 * English sku label, so one product has one name per culture wherever it appears.
 *
 * A product is recognised by what the API sends of it: its product id, sku type, plan kind,
 * schedule and duration where the response carries them, and its stored sku label where it
 * carries nothing else (a transaction's sku_detail, a cancellation's SkuLabel). The label is
 * then only a key into this table, never shown.
 */
import { formatMoney } from './money';

export const CATALOGUE_NAMESPACE = 'catalogue';

/** What the catalogue needs of i18next's translate function (a fixed `t` of the catalogue namespace). */
export type CatalogueText = (key: string, options?: Record<string, unknown>) => unknown;

export type ProductKind = 'plan' | 'service';

interface CatalogueProduct {
  kind: ProductKind;
  productId: string;
  skuType: string;
  /** The plan kind the database gives the product's sku. */
  planKind: string;
  schedule: string;
  duration: number;
  /** The product's sku label as the database stores it: a key for responses that carry only the label. */
  storedLabel: string;
}

const plan = (
  skuType: string,
  planKind: string,
  schedule: string,
  duration: number,
  storedLabel: string,
): CatalogueProduct => ({
  kind: 'plan',
  productId: 'RSMBLD',
  skuType,
  planKind,
  schedule,
  duration,
  storedLabel,
});
const service = (productId: string, skuType: string, schedule: string, storedLabel: string): CatalogueProduct => ({
  kind: 'service',
  productId,
  skuType,
  planKind: 'AnnualNonRecurring',
  schedule,
  duration: 1,
  storedLabel,
});

/** Every product on sale, by its catalogue key (the key of its texts). */
export const CATALOGUE = {
  limitedTrial: plan('SUBS', 'Trial_Limited', 'DAYS', 14, '14-Day Limited Access'),
  fullTrial: plan('SUBS', 'Trial', 'DAYS', 14, '14-Day Full Access'),
  annual: plan('PLAN', 'AnnualNonRecurring', 'YRLY', 1, 'Annual Access'),
  monthly: plan('SUBS', 'Monthly', 'MNTH', 1, 'Monthly Access'),
  quarterly: plan('SUBS', 'NMonthlyRecurring', 'MNTH', 3, 'Quarterly Access'),
  semiAnnual: plan('SUBS', 'NMonthlyRecurring', 'SEMI', 1, 'Semi-Annual Access'),
  yearly: plan('SUBS', 'Annual', 'YRLY', 1, 'Yearly Access'),
  twoWeek: plan('SUBS', 'Weekly', 'WEEK', 2, 'Two-Week Access'),
  winbackMonthly: plan('REBT', 'Monthly', 'MNTH', 1, 'Welcome-Back Monthly'),
  winbackAnnual: plan('REBT', 'AnnualNonRecurring', 'YRLY', 1, 'Welcome-Back Annual'),
  resumeReview: service('RSMRVW', 'SING', 'DAYS', 'Expert Resume Review'),
  boldPro: service('BOLDPRO', 'SING', 'YRLY', 'Online Profile Website'),
  socialCard: service('SOCCARD', 'SING', 'YRLY', 'Social Card'),
  coverLetterWriting: service('CLWRIT', 'SNGL', 'DAYS', 'Cover Letter Writing'),
  resumeWriting: service('RSWRIT', 'SNGL', 'DAYS', 'Professional Resume Writing'),
  tuneUp: service('RSTUNE', 'SNGL', 'DAYS', 'Resume Tune-Up'),
  calm: service('CALM', 'SING', 'YRLY', 'Calm Premium, One Year'),
  feedbackTool: service('FDBKTL', 'SING', 'YRLY', 'Friend Feedback Tool'),
  aiTool: service('AIWRIT', 'SING', 'YRLY', 'AI Writing Tool'),
} as const satisfies Record<string, CatalogueProduct>;

export type ProductKey = keyof typeof CATALOGUE;
export const PRODUCT_KEYS = Object.keys(CATALOGUE) as ProductKey[];

/** What a response says of a product; any field may be missing, the more the surer. */
export interface ProductIdentity {
  productId?: string | null;
  skuType?: string | null;
  planKind?: string | null;
  schedule?: string | null;
  duration?: number | null;
  /** The stored sku label: used only to tell apart products the other fields leave open. */
  label?: string | null;
}

const matches = (product: CatalogueProduct, identity: ProductIdentity): boolean =>
  (identity.productId == null || identity.productId === product.productId) &&
  (identity.skuType == null || identity.skuType === product.skuType) &&
  (identity.planKind == null || identity.planKind === product.planKind) &&
  (identity.schedule == null || identity.schedule === product.schedule) &&
  (identity.duration == null || identity.duration === product.duration);

/** The catalogue key of a product, or null when the catalogue does not know it. */
export function productKeyOf(identity: ProductIdentity): ProductKey | null {
  const known =
    identity.productId != null || identity.skuType != null || identity.planKind != null || identity.schedule != null;
  const candidates = known ? PRODUCT_KEYS.filter((key) => matches(CATALOGUE[key], identity)) : PRODUCT_KEYS;
  if (known && candidates.length === 1) return candidates[0]!;
  const byLabel = candidates.find((key) => CATALOGUE[key].storedLabel === identity.label);
  return byLabel ?? null;
}

/** A sku of the skus list, as the catalogue reads it. */
export const skuIdentity = (sku: {
  ProductID: string;
  SkuTypeCD: string;
  PlanKind: string;
  ScheduleTypeCD: string;
  Duration: number;
  Label: string;
}): ProductIdentity => ({
  productId: sku.ProductID,
  skuType: sku.SkuTypeCD,
  planKind: sku.PlanKind,
  schedule: sku.ScheduleTypeCD,
  duration: sku.Duration,
  label: sku.Label,
});

/** A transaction's sku_detail, as the catalogue reads it. */
export const transactionIdentity = (detail: {
  product_id: string;
  type_cd: string;
  label: string;
}): ProductIdentity => ({
  productId: detail.product_id,
  skuType: detail.type_cd,
  label: detail.label,
});

/** A subscription (or a cancellation's data), as the catalogue reads it. */
export const subscriptionIdentity = (subscription: {
  SkuLabel: string;
  PlanKind?: string | null;
}): ProductIdentity => ({
  planKind: subscription.PlanKind ?? null,
  label: subscription.SkuLabel,
});

const text = (t: CatalogueText, key: string, options?: Record<string, unknown>): string => String(t(key, options));

/** What the catalogue says of a product whose key is known or unknown: a plan or a purchase, never an internal code. */
const fallbackKey = (identity: ProductIdentity): string =>
  identity.productId == null || identity.productId === 'RSMBLD' ? 'fallback.plan' : 'fallback.purchase';

/** The product's name in the culture of `t`. */
export function productName(t: CatalogueText, identity: ProductIdentity): string {
  const key = productKeyOf(identity);
  return text(t, key ? `product.${key}.name` : fallbackKey(identity));
}

/** The name of a product the page already knows by its catalogue key. */
export function productNameByKey(t: CatalogueText, key: ProductKey): string {
  return text(t, `product.${key}.name`);
}

/** The product's short description (one sentence). */
export function productDescription(t: CatalogueText, key: ProductKey): string {
  return text(t, `product.${key}.description`);
}

/** What the product includes, one line each. */
export function productIncludes(t: CatalogueText, key: ProductKey): string[] {
  const lines = t(`product.${key}.includes`, { returnObjects: true });
  return Array.isArray(lines) ? lines.map(String) : [];
}

/** A sku's terms, as the skus list gives them: what is charged, how often, and whether it renews. */
export interface RenewalTerms {
  ProductID: string;
  TrialDays: number;
  UnitPrice: number;
  ScheduleTypeCD: string;
  Duration: number;
  SubscriptionTypeCD: string;
  CurrencyCD: string;
}

/** A schedule as a count of a calendar unit (a trial renews monthly, as the server's renewals do). */
function scheduleSpan(terms: Pick<RenewalTerms, 'ScheduleTypeCD' | 'Duration' | 'TrialDays'>): {
  unit: 'day' | 'week' | 'month' | 'year';
  count: number;
} {
  if (terms.TrialDays > 0) return { unit: 'month', count: 1 };
  const duration = Math.max(1, terms.Duration);
  switch (terms.ScheduleTypeCD) {
    case 'WEEK':
      return { unit: 'week', count: duration };
    case 'MNTH':
      return { unit: 'month', count: duration };
    case 'SEMI':
      return { unit: 'month', count: 6 * duration };
    case 'YRLY':
      return { unit: 'year', count: duration };
    default:
      return { unit: 'day', count: duration };
  }
}

export type RenewalKind = 'trial' | 'recurring' | 'once' | 'service';

/**
 * How a sku renews: a trial renews monthly after its days, an automatic plan renews on its
 * schedule, a plan of fixed length ends when its time is over, and a service is paid once.
 */
export function renewalKindOf(
  terms: Pick<RenewalTerms, 'ProductID' | 'TrialDays' | 'SubscriptionTypeCD'>,
): RenewalKind {
  if (terms.SubscriptionTypeCD === 'AUTO') return terms.TrialDays > 0 ? 'trial' : 'recurring';
  return terms.ProductID === 'RSMBLD' ? 'once' : 'service';
}

/**
 * The renewal sentence shown before payment: the price after the first period, how often, and
 * that it renews until cancelled; for what does not renew, that it does not.
 */
export function renewalSentence(t: CatalogueText, terms: RenewalTerms, culture: string): string {
  const price = formatMoney(terms.UnitPrice, terms.CurrencyCD, culture);
  const kind = renewalKindOf(terms);
  const span = scheduleSpan(terms);
  const every = text(t, `every.${span.unit}`, { count: span.count });
  switch (kind) {
    case 'trial':
      return text(t, 'renewal.trial', { days: terms.TrialDays, price, every });
    case 'recurring':
      return text(t, 'renewal.recurring', { price, every });
    case 'once':
      return text(t, 'renewal.once', { price, span: text(t, `span.${span.unit}`, { count: span.count }) });
    case 'service':
      return text(t, 'renewal.service', { price });
  }
}

/** The sell page's plan of a tier: what the sell page calls a tier is the product it sells in it. */
export const SELL_PAGE_PRODUCT_BY_TIER = {
  limitedAccess: 'limitedTrial',
  fullAccess: 'fullTrial',
  annualAccess: 'annual',
} as const satisfies Record<string, ProductKey>;
