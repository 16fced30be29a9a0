import type { SkuColumns } from '../tables';
/** Portals and plans: the catalogue every market sells from. */

export interface Portal {
  portal_id: number;
  portal_cd: string;
  host_name: string;
  country_cd: string;
  culture_cd: string;
  currency_cd: string;
  currency_symbol: string;
  theme: string;
}

export const PORTALS: Portal[] = [
  {
    portal_id: 1,
    portal_cd: 'RNUS',
    host_name: 'www.resumenow.example',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    theme: 'default',
  },
  {
    portal_id: 2,
    portal_cd: 'RNUK',
    host_name: 'www.resumenow.example.uk',
    country_cd: 'GB',
    culture_cd: 'en-GB',
    currency_cd: 'GBP',
    currency_symbol: '£',
    theme: 'default',
  },
  {
    portal_id: 3,
    portal_cd: 'RNDE',
    host_name: 'www.lebenslauf.example.de',
    country_cd: 'DE',
    culture_cd: 'de-DE',
    currency_cd: 'EUR',
    currency_symbol: '€',
    theme: 'default',
  },
  {
    portal_id: 4,
    portal_cd: 'RNIN',
    host_name: 'www.resumenow.example.in',
    country_cd: 'IN',
    culture_cd: 'en-IN',
    currency_cd: 'INR',
    currency_symbol: '₹',
    theme: 'default',
  },
  {
    portal_id: 5,
    portal_cd: 'RNCA',
    host_name: 'www.resumenow.example.ca',
    country_cd: 'CA',
    culture_cd: 'en-CA',
    currency_cd: 'CAD',
    currency_symbol: '$',
    theme: 'default',
  },
  {
    portal_id: 6,
    portal_cd: 'RNFR',
    host_name: 'www.moncv.example.fr',
    country_cd: 'FR',
    culture_cd: 'fr-FR',
    currency_cd: 'EUR',
    currency_symbol: '€',
    theme: 'default',
  },
  {
    portal_id: 7,
    portal_cd: 'RNES',
    host_name: 'www.micv.example.es',
    country_cd: 'ES',
    culture_cd: 'es-ES',
    currency_cd: 'EUR',
    currency_symbol: '€',
    theme: 'default',
  },
  {
    portal_id: 8,
    portal_cd: 'WLB',
    host_name: 'careers.partner.example',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    theme: 'wlb',
  },
  {
    portal_id: 9,
    portal_cd: 'MPR',
    host_name: 'jobs.mpr.example',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    theme: 'mpr',
  },
];

/** What every market's copy of a SKU shares: the table's columns that do not depend on the market. */
type PlanTemplate = Pick<
  SkuSeed,
  | 'product_id'
  | 'label'
  | 'title'
  | 'sku_type_cd'
  | 'schedule_type_cd'
  | 'duration'
  | 'subscription_type_cd'
  | 'plan_kind'
  | 'plan_tier'
  | 'trial_days'
> & {
  slot: number;
  sell_page: boolean;
  most_popular?: boolean;
  selected?: boolean;
  upsell_cd?: string;
  /** A winback offer's window in days since the cancellation. */
  winback?: { minDays: number; maxDays: number };
  /** Index into the market's price row. */
  price: keyof PriceRow;
};

interface PriceRow {
  limitedTrial: number;
  fullTrial: number;
  renewal: number;
  annual: number;
  quarterly: number;
  semiAnnual: number;
  yearly: number;
  twoWeek: number;
  review: number;
  boldPro: number;
  socialCard: number;
  coverLetterWriting: number;
  resumeWriting: number;
  tuneUp: number;
  winbackMonthly: number;
  winbackAnnual: number;
  calm: number;
  feedbackTool: number;
  aiTool: number;
}

const PRICES: Record<string, PriceRow> = {
  USD: {
    limitedTrial: 1.95,
    fullTrial: 2.95,
    renewal: 23.95,
    annual: 59.4,
    quarterly: 59.85,
    semiAnnual: 95.7,
    yearly: 155.4,
    twoWeek: 11.95,
    review: 19.95,
    boldPro: 9.95,
    socialCard: 4.95,
    coverLetterWriting: 69.0,
    resumeWriting: 149.0,
    tuneUp: 49.0,
    calm: 14.95,
    feedbackTool: 4.95,
    aiTool: 7.95,
    winbackMonthly: 11.95,
    winbackAnnual: 39.0,
  },
  GBP: {
    limitedTrial: 1.95,
    fullTrial: 2.95,
    renewal: 21.95,
    annual: 54.0,
    quarterly: 54.85,
    semiAnnual: 89.7,
    yearly: 142.8,
    twoWeek: 10.95,
    review: 19.95,
    boldPro: 8.95,
    socialCard: 3.95,
    coverLetterWriting: 59.0,
    resumeWriting: 129.0,
    tuneUp: 44.0,
    calm: 12.95,
    feedbackTool: 3.95,
    aiTool: 6.95,
    winbackMonthly: 10.95,
    winbackAnnual: 35.0,
  },
  EUR: {
    limitedTrial: 1.95,
    fullTrial: 2.95,
    renewal: 24.95,
    annual: 62.4,
    quarterly: 62.85,
    semiAnnual: 101.7,
    yearly: 161.4,
    twoWeek: 12.95,
    review: 19.95,
    boldPro: 9.95,
    socialCard: 4.95,
    coverLetterWriting: 69.0,
    resumeWriting: 149.0,
    tuneUp: 49.0,
    calm: 14.95,
    feedbackTool: 4.95,
    aiTool: 7.95,
    winbackMonthly: 12.45,
    winbackAnnual: 41.0,
  },
  INR: {
    limitedTrial: 99,
    fullTrial: 199,
    renewal: 1499,
    annual: 3999,
    quarterly: 3899,
    semiAnnual: 6299,
    yearly: 9999,
    twoWeek: 749,
    review: 395,
    boldPro: 499,
    socialCard: 249,
    coverLetterWriting: 2999,
    resumeWriting: 5999,
    tuneUp: 1999,
    calm: 699,
    feedbackTool: 249,
    aiTool: 399,
    winbackMonthly: 749,
    winbackAnnual: 2499,
  },
  CAD: {
    limitedTrial: 2.45,
    fullTrial: 3.45,
    renewal: 29.95,
    annual: 74.4,
    quarterly: 74.85,
    semiAnnual: 119.7,
    yearly: 191.4,
    twoWeek: 14.95,
    review: 24.95,
    boldPro: 12.95,
    socialCard: 5.95,
    coverLetterWriting: 89.0,
    resumeWriting: 189.0,
    tuneUp: 64.0,
    calm: 18.95,
    feedbackTool: 5.95,
    aiTool: 9.95,
    winbackMonthly: 14.95,
    winbackAnnual: 49.0,
  },
};

const TEMPLATES: PlanTemplate[] = [
  {
    slot: 1,
    product_id: 'RSMBLD',
    label: '14-Day Limited Access',
    title: 'Limited Access',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'DAYS',
    duration: 14,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Trial_Limited',
    plan_tier: 'limitedAccess',
    trial_days: 14,
    sell_page: true,
    price: 'limitedTrial',
  },
  {
    slot: 2,
    product_id: 'RSMBLD',
    label: '14-Day Full Access',
    title: 'Full Access',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'DAYS',
    duration: 14,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Trial',
    plan_tier: 'fullAccess',
    trial_days: 14,
    sell_page: true,
    most_popular: true,
    selected: true,
    price: 'fullTrial',
  },
  {
    slot: 3,
    product_id: 'RSMBLD',
    label: 'Annual Access',
    title: 'Annual Access',
    sku_type_cd: 'PLAN',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'EXPR',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: 'annualAccess',
    trial_days: 0,
    sell_page: true,
    price: 'annual',
  },
  {
    slot: 4,
    product_id: 'RSMBLD',
    label: 'Monthly Access',
    title: 'Monthly',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'MNTH',
    duration: 1,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Monthly',
    plan_tier: 'fullAccess',
    trial_days: 0,
    sell_page: false,
    price: 'renewal',
  },
  {
    slot: 5,
    product_id: 'RSMBLD',
    label: 'Quarterly Access',
    title: 'Quarterly',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'MNTH',
    duration: 3,
    subscription_type_cd: 'AUTO',
    plan_kind: 'NMonthlyRecurring',
    plan_tier: 'fullAccess',
    trial_days: 0,
    sell_page: false,
    price: 'quarterly',
  },
  {
    slot: 6,
    product_id: 'RSMBLD',
    label: 'Semi-Annual Access',
    title: 'Semi-Annual',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'SEMI',
    duration: 1,
    subscription_type_cd: 'AUTO',
    plan_kind: 'NMonthlyRecurring',
    plan_tier: 'fullAccess',
    trial_days: 0,
    sell_page: false,
    price: 'semiAnnual',
  },
  {
    slot: 7,
    product_id: 'RSMBLD',
    label: 'Yearly Access',
    title: 'Yearly',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Annual',
    plan_tier: 'annualAccess',
    trial_days: 0,
    sell_page: false,
    price: 'yearly',
  },
  {
    slot: 8,
    product_id: 'RSMBLD',
    label: 'Two-Week Access',
    title: 'Two Weeks',
    sku_type_cd: 'SUBS',
    schedule_type_cd: 'WEEK',
    duration: 2,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Weekly',
    plan_tier: 'fullAccess',
    trial_days: 0,
    sell_page: false,
    price: 'twoWeek',
  },
  {
    slot: 20,
    product_id: 'RSMRVW',
    label: 'Expert Resume Review',
    title: 'Resume Review',
    sku_type_cd: 'SING',
    schedule_type_cd: 'DAYS',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'DRR',
    price: 'review',
  },
  {
    slot: 21,
    product_id: 'BOLDPRO',
    label: 'Online Profile Website',
    title: 'Bold Pro',
    sku_type_cd: 'SING',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'PRO',
    price: 'boldPro',
  },
  {
    slot: 22,
    product_id: 'SOCCARD',
    label: 'Social Card',
    title: 'Social Card',
    sku_type_cd: 'SING',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'SCF',
    price: 'socialCard',
  },
  {
    slot: 23,
    product_id: 'CLWRIT',
    label: 'Cover Letter Writing',
    title: 'Cover Letter Writing',
    sku_type_cd: 'SNGL',
    schedule_type_cd: 'DAYS',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'CLB',
    price: 'coverLetterWriting',
  },
  {
    slot: 24,
    product_id: 'RSWRIT',
    label: 'Professional Resume Writing',
    title: 'Resume Writing',
    sku_type_cd: 'SNGL',
    schedule_type_cd: 'DAYS',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'RTR',
    price: 'resumeWriting',
  },
  {
    slot: 25,
    product_id: 'RSTUNE',
    label: 'Resume Tune-Up',
    title: 'Resume Tune-Up',
    sku_type_cd: 'SNGL',
    schedule_type_cd: 'DAYS',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    price: 'tuneUp',
  },
  {
    slot: 26,
    product_id: 'CALM',
    label: 'Calm Premium, One Year',
    title: 'Calm',
    sku_type_cd: 'SING',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'CUF',
    price: 'calm',
  },
  {
    slot: 27,
    product_id: 'FDBKTL',
    label: 'Friend Feedback Tool',
    title: 'Feedback Tool',
    sku_type_cd: 'SING',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'FTF',
    price: 'feedbackTool',
  },
  {
    slot: 28,
    product_id: 'AIWRIT',
    label: 'AI Writing Tool',
    title: 'AI Tool',
    sku_type_cd: 'SING',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'COMP',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: null,
    trial_days: 0,
    sell_page: false,
    upsell_cd: 'ATF',
    price: 'aiTool',
  },
  {
    slot: 30,
    product_id: 'RSMBLD',
    label: 'Welcome-Back Monthly',
    title: 'Welcome Back',
    sku_type_cd: 'REBT',
    schedule_type_cd: 'MNTH',
    duration: 1,
    subscription_type_cd: 'AUTO',
    plan_kind: 'Monthly',
    plan_tier: 'fullAccess',
    trial_days: 0,
    sell_page: false,
    winback: { minDays: 0, maxDays: 365 },
    price: 'winbackMonthly',
  },
  {
    slot: 31,
    product_id: 'RSMBLD',
    label: 'Welcome-Back Annual',
    title: 'Welcome Back Annual',
    sku_type_cd: 'REBT',
    schedule_type_cd: 'YRLY',
    duration: 1,
    subscription_type_cd: 'EXPR',
    plan_kind: 'AnnualNonRecurring',
    plan_tier: 'annualAccess',
    trial_days: 0,
    sell_page: false,
    winback: { minDays: 30, maxDays: 3650 },
    price: 'winbackAnnual',
  },
];

/** A SKU as the seed writes it: the table's columns, numbers for its prices. */
export type SkuSeed = Omit<SkuColumns<number>, 'promo_uid' | 'alternate_sku_contents'>;

export const skuIdFor = (portalId: number, slot: number) => portalId * 100 + slot;

const MONTHS: Record<string, number> = { MNTH: 1, SEMI: 6, YRLY: 12 };

export function buildSkus(): SkuSeed[] {
  return PORTALS.flatMap((portal) => {
    const prices = PRICES[portal.currency_cd]!;
    return TEMPLATES.map((t): SkuSeed => {
      const id = skuIdFor(portal.portal_id, t.slot);
      const isTrial = t.trial_days > 0;
      const price = prices[t.price];
      // A trial is charged its trial amount now and renews at the monthly price.
      const unitPrice = isTrial ? prices.renewal : price;
      const months = t.schedule_type_cd === 'MNTH' ? t.duration : MONTHS[t.schedule_type_cd];
      const monthly = months ? Math.round((price / months) * 100) / 100 : null;
      // A winback offer is told as its saving on the regular monthly price, whatever its length.
      const discount =
        months && (months > 1 || t.winback) ? Math.round((1 - price / (prices.renewal * months)) * 100) : 0;
      return {
        sku_id: id,
        product_id: t.product_id,
        label: t.label,
        title: t.title,
        sku_type_cd: t.sku_type_cd,
        schedule_type_cd: t.schedule_type_cd,
        duration: t.duration,
        subscription_type_cd: t.subscription_type_cd,
        plan_kind: t.plan_kind,
        plan_tier: t.plan_tier,
        trial_days: t.trial_days,
        trial_amount: isTrial ? price : 0,
        unit_price: unitPrice,
        monthly_price: monthly,
        discount_percentage: Math.max(0, discount),
        currency_cd: portal.currency_cd,
        currency_symbol: portal.currency_symbol,
        country_cd: portal.country_cd,
        portal_id: portal.portal_id,
        is_most_popular: t.most_popular ?? false,
        is_selected: t.selected ?? false,
        is_sell_page_plan: t.sell_page,
        upsell_cd: t.upsell_cd ?? null,
        lower_price_sku_id: t.slot === 2 ? skuIdFor(portal.portal_id, 1) : null,
        higher_price_sku_id:
          t.slot === 1 ? skuIdFor(portal.portal_id, 2) : t.slot === 2 ? skuIdFor(portal.portal_id, 3) : null,
        upsell_sku_id: t.sell_page
          ? skuIdFor(portal.portal_id, 20)
          : t.slot === 20
            ? skuIdFor(portal.portal_id, 21)
            : null,
        sort_order: t.slot,
        winback_min_days: t.winback?.minDays ?? null,
        winback_max_days: t.winback?.maxDays ?? null,
      };
    });
  });
}

export const SKU_SLOT = {
  limitedTrial: 1,
  fullTrial: 2,
  annual: 3,
  monthly: 4,
  quarterly: 5,
  semiAnnual: 6,
  yearly: 7,
  twoWeek: 8,
  review: 20,
  boldPro: 21,
  socialCard: 22,
  coverLetterWriting: 23,
  resumeWriting: 24,
  tuneUp: 25,
  calm: 26,
  feedbackTool: 27,
  aiTool: 28,
  winbackMonthly: 30,
  winbackAnnual: 31,
} as const;
