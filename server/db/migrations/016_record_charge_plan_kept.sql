-- record_charge as a plpgsql function, with the same parameters and the same writes: a function
-- in SQL that cannot be inlined plans its statement again on every call, and that planning was
-- about half of a payment's time in the database; plpgsql keeps the statement's plan for the
-- connection.
create or replace function record_charge(
  payer uuid, sku integer, is_plan boolean, replaced text[], plan_status text, plan_type text,
  starts timestamptz, ends timestamptz, next_billing timestamptz, waits boolean, sale_status text,
  amount numeric, currency text, method text, card text, last_four text, items jsonb,
  checkout_key text, attempt_outcome text, answer jsonb)
returns table (transaction_id bigint, subscription_id bigint)
language plpgsql volatile as $$
#variable_conflict use_column
begin
  return query
  with ended as (
    update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', end_date = least(end_date, now())
     where is_plan and user_uid = payer and status_cd = any(replaced)
    returning 1),
  started as (
    insert into subscriptions (user_uid, sku_id, status_cd, subscription_type_cd, start_date, end_date, next_billing_date)
    select payer, sku, plan_status, plan_type, starts, ends, next_billing where is_plan
    returning subscription_id),
  activated as (
    update users set user_type = 'ACTV' where is_plan and not waits and user_uid = payer
    returning 1),
  sale as (
    insert into transactions (user_uid, subscription_id, sku_id, transaction_type, status_cd, price, currency_cd, payment_method_cd, card_type,
      last_four_digits, service_start_date, service_end_date, payment_items, session_guid)
    select payer, (select subscription_id from started), sku, 'SALE', sale_status, amount, currency, method, card, last_four, starts, ends, items, checkout_key::uuid
    returning transaction_id, subscription_id),
  attempt as (
    insert into payment_attempts (user_uid, session_guid, sku_id, outcome, failure_code) values (payer, checkout_key::uuid, sku, attempt_outcome, null)
    returning 1),
  kept as (
    insert into idempotency_keys (scope, key, user_uid, response)
    select 'payment', checkout_key, payer, answer || jsonb_build_object('TransactionID', sale.transaction_id, 'SubscriptionID', sale.subscription_id) from sale
    returning 1)
  select sale.transaction_id, sale.subscription_id from sale;
end
$$;
