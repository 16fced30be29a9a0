-- The signed-in cancellation funnel (#13): save offers taken instead of cancelling, and a pause.

-- Percent off the next renewal, set by a discount save offer; null when the renewal is at full price.
alter table subscriptions add column renewal_discount_percent integer
  check (renewal_discount_percent between 1 and 100);

-- A pause starts at the end of the paid period and ends on resumes_on, when billing picks up
-- again by itself. Both are set together or neither is.
alter table subscriptions add column paused_from timestamptz;
alter table subscriptions add column resumes_on timestamptz;
alter table subscriptions add constraint subscriptions_pause_complete
  check ((paused_from is null) = (resumes_on is null) and (resumes_on is null or resumes_on > paused_from));

-- Each save offer a subscription took, and what it changed on the subscription (column to its
-- value before and after), so support can see and undo it. The limit per subscription is
-- counted from these rows.
create table save_offer_redemptions (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references subscriptions (subscription_id),
  user_uid uuid not null references users (user_uid),
  offer_id text not null check (offer_id in ('halfOffNextRenewal', 'freeMonth')),
  redeemed_at timestamptz not null default now(),
  changes jsonb not null
);

create index save_offer_redemptions_subscription on save_offer_redemptions (subscription_id, redeemed_at desc);
