-- A successful charge's writes, in one place: for a plan, the plans it replaces end and the new
-- one starts (and the person becomes active unless the payment waits); then the sale, the
-- attempt, and the answer kept under the checkout's key, with the ids made here.
create function record_charge(
  payer uuid, sku integer, is_plan boolean, replaced text[], plan_status text, plan_type text,
  starts timestamptz, ends timestamptz, next_billing timestamptz, waits boolean, sale_status text,
  amount numeric, currency text, method text, card text, last_four text, items jsonb,
  checkout_key text, attempt_outcome text, answer jsonb)
returns table (transaction_id bigint, subscription_id bigint)
language sql volatile as $$
  with ended as (
    update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', end_date = least(end_date, now())
     where $3 and user_uid = $1 and status_cd = any($4)
    returning 1),
  started as (
    insert into subscriptions (user_uid, sku_id, status_cd, subscription_type_cd, start_date, end_date, next_billing_date)
    select $1, $2, $5, $6, $7, $8, $9 where $3
    returning subscription_id),
  activated as (
    update users set user_type = 'ACTV' where $3 and not $10 and user_uid = $1
    returning 1),
  sale as (
    insert into transactions (user_uid, subscription_id, sku_id, transaction_type, status_cd, price, currency_cd, payment_method_cd, card_type,
      last_four_digits, service_start_date, service_end_date, payment_items, session_guid)
    select $1, (select subscription_id from started), $2, 'SALE', $11, $12, $13, $14, $15, $16, $7, $8, $17, $18::uuid
    returning transaction_id, subscription_id),
  attempt as (
    insert into payment_attempts (user_uid, session_guid, sku_id, outcome, failure_code) values ($1, $18::uuid, $2, $19, null)
    returning 1),
  kept as (
    insert into idempotency_keys (scope, key, user_uid, response)
    select 'payment', $18, $1, $20 || jsonb_build_object('TransactionID', sale.transaction_id, 'SubscriptionID', sale.subscription_id) from sale
    returning 1)
  select sale.transaction_id, sale.subscription_id from sale
$$;

-- A checkout's common path in one call: its locks and reads (lock_checkout), then either what
-- was kept under its key, or "already has a plan", or the charge written. Run as a statement of
-- its own, its locks hold until that statement's transaction ends, after the writes.
create function charge_checkout(
  payer uuid, sku integer, is_plan boolean, replaced text[], plan_status text, plan_type text,
  starts timestamptz, ends timestamptz, next_billing timestamptz, waits boolean, sale_status text,
  amount numeric, currency text, method text, card text, last_four text, items jsonb,
  checkout_key text, attempt_outcome text, answer jsonb)
returns table (kept_user uuid, kept_response jsonb, active_plan boolean, sale_id bigint, plan_id bigint)
language plpgsql volatile as $$
declare
  checkout record;
begin
  select * into checkout from lock_checkout($18, $1);
  if checkout.stored_response is not null or ($3 and checkout.has_active_plan) then
    return query select checkout.stored_user, checkout.stored_response, checkout.has_active_plan, null::bigint, null::bigint;
  else
    return query select null::uuid, null::jsonb, false, charged.transaction_id, charged.subscription_id
      from record_charge($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) as charged;
  end if;
end
$$;
