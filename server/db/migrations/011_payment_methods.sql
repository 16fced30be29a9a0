-- The payment method on file, and the card updates that replaced it. Until a person changes
-- their card, the method on file is the one their last successful sale was paid with; from
-- the first change on it is the row in payment_methods. A card update is idempotent per
-- session guid: a repeat answers the first result (and never retries the renewal twice).

create table payment_methods (
  user_uid uuid primary key references users (user_uid),
  payment_method_cd text not null,
  card_type text,
  last_four_digits text,
  updated_at timestamptz not null default now()
);

create table card_updates (
  session_guid uuid primary key,
  user_uid uuid not null references users (user_uid),
  payment_method_cd text not null,
  card_type text,
  last_four_digits text,
  -- The renewal retried with the new card for a suspended plan (null when none was due).
  subscription_id bigint references subscriptions (subscription_id),
  retry_transaction_id bigint references transactions (transaction_id),
  retry_status_cd text check (retry_status_cd in ('SUCC', 'FAIL')),
  created_at timestamptz not null default now()
);
create index card_updates_by_user on card_updates (user_uid, created_at desc);
