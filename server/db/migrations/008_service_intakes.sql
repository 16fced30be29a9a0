-- The answers a person gives on a service's intake page (resume review, tune-up, resume writing,
-- cover-letter writing). One intake per order: a paid service is found by its sale, a resume
-- review (paid or claimed free) by its review order.

alter table review_orders add column transaction_id bigint references transactions (transaction_id);

create table service_intakes (
  intake_id bigint generated always as identity primary key,
  user_uid uuid not null references users (user_uid),
  service_cd text not null check (service_cd in ('RSMRVW', 'RSTUNE', 'RSWRIT', 'CLWRIT')),
  transaction_id bigint references transactions (transaction_id),
  review_order_id bigint references review_orders (order_id),
  answers jsonb not null,
  created_at timestamptz not null default now(),
  check (transaction_id is not null or review_order_id is not null)
);

create unique index service_intakes_by_sale on service_intakes (transaction_id) where transaction_id is not null and review_order_id is null;
create unique index service_intakes_by_review_order on service_intakes (review_order_id) where review_order_id is not null;
create index service_intakes_by_user on service_intakes (user_uid, service_cd);
