-- A resume review order is a subscription to the review service of its own: its status is
-- kept with the order instead of being read as active for every order, so a review that ran
-- out reads as expired.
alter table review_orders add column subscription_status_cd text not null default 'ACTV'
  check (subscription_status_cd in ('BASE', 'ACTV', 'EXPR', 'SUSP', 'EXPD', 'PEND', 'RTRY'));
