-- Portals, people and their preferences

create table portals (
  portal_id integer primary key,
  portal_cd text not null unique,
  host_name text not null,
  country_cd text not null,
  culture_cd text not null,
  theme text not null default 'default'
);

create table users (
  user_uid uuid primary key,
  persona_id text unique,
  account_id text not null unique,
  first_name text not null,
  last_name text not null,
  email_address text not null unique,
  role text not null default 'user',
  sub_role text,
  acc_display_name text,
  city text,
  state_cd text,
  country_cd text not null,
  culture_cd text not null,
  currency_cd text not null,
  currency_symbol text not null,
  portal_id integer not null references portals (portal_id),
  party_id bigint not null,
  user_type text not null check (user_type in ('NEW', 'ACTV', 'EXPR', 'EXPD', 'SUSP')),
  is_local_user boolean not null default true,
  created_on timestamptz not null default now()
);

create table user_preferences (
  user_uid uuid not null references users (user_uid),
  code text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (user_uid, code)
);

create table user_stages (
  id bigint generated always as identity primary key,
  user_uid uuid not null references users (user_uid),
  product_cd text not null,
  portal_id integer not null,
  user_stage_id integer not null,
  session_id text not null,
  created_at timestamptz not null default now()
);

create table billing_users (
  user_uid uuid primary key references users (user_uid),
  first_name text not null,
  last_name text not null,
  zip_code text,
  country_cd text not null,
  updated_at timestamptz not null default now()
);

-- Plans

create table skus (
  sku_id integer primary key,
  product_id text not null,
  label text not null,
  title text not null,
  sku_type_cd text not null check (sku_type_cd in ('SUBS', 'SING', 'DISC', 'REBT', 'BNDL', 'SUSP', 'PLAN', 'SNGL')),
  schedule_type_cd text not null check (schedule_type_cd in ('MNTH', 'YRLY', 'QTRL', 'SEMI', 'WEEK', 'DAYS', 'TRIAL')),
  duration integer not null check (duration > 0),
  subscription_type_cd text not null,
  plan_kind text not null,
  plan_tier text,
  trial_days integer not null default 0,
  trial_amount numeric(12, 2) not null default 0,
  unit_price numeric(12, 2) not null,
  monthly_price numeric(12, 2),
  discount_percentage integer not null default 0,
  currency_cd text not null,
  currency_symbol text not null,
  country_cd text not null,
  portal_id integer not null references portals (portal_id),
  is_most_popular boolean not null default false,
  is_selected boolean not null default false,
  is_sell_page_plan boolean not null default false,
  upsell_cd text,
  promo_uid uuid,
  lower_price_sku_id integer,
  higher_price_sku_id integer,
  upsell_sku_id integer,
  alternate_sku_contents jsonb,
  sort_order integer not null default 0
);
create index skus_country on skus (country_cd, sort_order);

-- Subscriptions and money

create table subscriptions (
  subscription_id bigint generated always as identity (start with 50001) primary key,
  user_uid uuid not null references users (user_uid),
  sku_id integer not null references skus (sku_id),
  status_cd text not null check (status_cd in ('BASE', 'ACTV', 'EXPR', 'SUSP', 'EXPD', 'PEND', 'RTRY')),
  subscription_type_cd text not null check (subscription_type_cd in ('EXPR', 'AUTO', 'COMP', 'RTRN', 'EXPD', 'SUSP', 'PEND')),
  start_date timestamptz not null,
  end_date timestamptz not null,
  next_billing_date timestamptz,
  cancelled_on timestamptz,
  cancellation_number text unique,
  created_at timestamptz not null default now()
);
create index subscriptions_user on subscriptions (user_uid, start_date desc);

create table transactions (
  transaction_id bigint generated always as identity (start with 700001) primary key,
  user_uid uuid not null references users (user_uid),
  subscription_id bigint references subscriptions (subscription_id),
  sku_id integer not null references skus (sku_id),
  transaction_type text not null check (transaction_type in ('SALE', 'RFND')),
  sub_type text,
  status_cd text not null check (status_cd in ('SUCC', 'FAIL', 'PEND')),
  price numeric(12, 2) not null,
  currency_cd text not null,
  payment_method_cd text not null,
  card_type text,
  last_four_digits text,
  service_start_date timestamptz,
  service_end_date timestamptz,
  payment_items jsonb not null default '[]',
  session_guid uuid,
  created_at timestamptz not null default now()
);
create index transactions_user on transactions (user_uid, created_at desc);
create unique index transactions_one_sale_per_session on transactions (session_guid) where transaction_type = 'SALE';

create table payment_attempts (
  id bigint generated always as identity primary key,
  user_uid uuid not null references users (user_uid),
  session_guid uuid not null,
  sku_id integer not null,
  outcome text not null check (outcome in ('SUCC', 'FAIL', 'PEND')),
  failure_code text,
  created_at timestamptz not null default now()
);

-- Cancellation

create table survey_answers (
  id bigint generated always as identity primary key,
  user_uid uuid not null references users (user_uid),
  subscription_id bigint references subscriptions (subscription_id),
  reason_cd integer not null,
  reason_text text,
  flow_type text not null,
  created_at timestamptz not null default now()
);

create table cancellation_requests (
  id bigint generated always as identity primary key,
  cancellation_number text not null unique,
  request_fingerprint text not null unique,
  email_address text not null,
  account_id text not null,
  portal_id integer not null,
  cancellation_date timestamptz,
  is_extraordinary_cancellation boolean not null,
  cancellation_reason text,
  cancellation_request_time text not null,
  matched_subscription_id bigint references subscriptions (subscription_id),
  handling text not null check (handling in ('applied', 'manual')),
  effective_date timestamptz,
  received_at timestamptz not null default now()
);

create table cancellation_page_content (
  country_cd text primary key,
  content jsonb not null
);

-- Documents and reviews

create table documents (
  document_id uuid primary key,
  user_uid uuid not null references users (user_uid),
  doc_type_cd text not null check (doc_type_cd in ('RSME', 'LETR')),
  name text not null,
  skin_cd text not null,
  culture_cd text not null,
  job_title text,
  body text not null,
  word_count integer not null,
  char_count integer not null,
  resume_score integer,
  review_result jsonb,
  created_on timestamptz not null,
  modified_on timestamptz not null
);
create index documents_user on documents (user_uid, modified_on desc);

create table review_orders (
  order_id bigint generated always as identity (start with 9001) primary key,
  user_uid uuid not null references users (user_uid),
  document_id uuid references documents (document_id),
  product_cd text not null,
  status_cd text not null check (status_cd in ('NOTSTARTED', 'NEWDOC', 'INPROC', 'SUBMIT', 'APPROV', 'RESEND')),
  is_free boolean not null default false,
  created_at timestamptz not null default now()
);

create table free_reviews (
  user_uid uuid primary key references users (user_uid),
  is_intake_filled boolean not null,
  is_pending boolean not null,
  available_free integer not null check (available_free >= 0)
);

-- Remote configuration

create table feature_flags (
  feature_cd text primary key,
  is_active boolean not null,
  description text not null
);

create table feature_rules (
  module_name text not null,
  feature_cd text not null,
  rule jsonb not null,
  config jsonb not null,
  primary key (module_name, feature_cd)
);

create table experiment_configs (
  config_key text primary key,
  experiment_configuration jsonb not null,
  disallowed_experiment_configuration jsonb,
  feature_based_experiment_configuration jsonb
);

create table experiments (
  experiment_guid uuid primary key,
  name text not null,
  variation_count integer not null check (variation_count between 2 and 8)
);

create table cs_details (
  country_cd text primary key,
  formatted_contact_number text not null,
  email text not null,
  cs_hours jsonb not null
);

-- Telemetry

create table events (
  id bigint generated always as identity primary key,
  user_id text not null,
  event_name text not null,
  identify boolean not null default false,
  props jsonb not null default '{}',
  received_at timestamptz not null default now()
);

create table error_logs (
  id bigint generated always as identity primary key,
  current_url text not null,
  referrer_url text,
  user_uid text,
  portal_id integer,
  error_type text not null,
  method_name text not null,
  error_message text not null,
  device text,
  raw_request text,
  received_at timestamptz not null default now()
);

-- Server state that must survive restarts and be shared between processes

create table sessions (
  session_id text primary key,
  user_uid uuid not null references users (user_uid),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table idempotency_keys (
  scope text not null,
  key text not null,
  user_uid uuid,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);

create table outbox_emails (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
