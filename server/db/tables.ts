/**
 * The columns of the tables, written once: what the seed writes and what the repositories read
 * come from these. Numeric and bigint columns are written as numbers and read back as strings
 * (both drivers do so), hence the type parameter.
 */

export type PlanTierColumn = 'limitedAccess' | 'fullAccess' | 'annualAccess' | null;

export interface SkuColumns<Numeric = string> {
  sku_id: number;
  product_id: string;
  label: string;
  title: string;
  sku_type_cd: string;
  schedule_type_cd: string;
  duration: number;
  subscription_type_cd: string;
  plan_kind: string;
  plan_tier: PlanTierColumn;
  trial_days: number;
  trial_amount: Numeric;
  unit_price: Numeric;
  monthly_price: Numeric | null;
  discount_percentage: number;
  currency_cd: string;
  currency_symbol: string;
  country_cd: string;
  portal_id: number;
  is_most_popular: boolean;
  is_selected: boolean;
  is_sell_page_plan: boolean;
  upsell_cd: string | null;
  promo_uid: string | null;
  lower_price_sku_id: number | null;
  higher_price_sku_id: number | null;
  upsell_sku_id: number | null;
  alternate_sku_contents: unknown;
  sort_order: number;
  /** A winback offer's window, in days since the cancellation; null on every other SKU. */
  winback_min_days: number | null;
  winback_max_days: number | null;
}

export interface UserColumns<BigId = string> {
  user_uid: string;
  persona_id: string | null;
  account_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  role: string;
  sub_role: string | null;
  acc_display_name: string | null;
  city: string | null;
  state_cd: string | null;
  country_cd: string;
  culture_cd: string;
  currency_cd: string;
  currency_symbol: string;
  portal_id: number;
  party_id: BigId;
  user_type: string;
  is_local_user: boolean;
  created_on: Date;
}
