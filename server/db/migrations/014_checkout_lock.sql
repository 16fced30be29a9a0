-- A payment takes its checkout's locks and reads what the charge depends on in one call, instead
-- of two statements: one round trip fewer on every payment. Each statement of a volatile
-- function reads a new snapshot, so the read sees everything committed before the locks were
-- granted (one statement that locked and read would read from before it waited).
create function lock_checkout(checkout_key text, payer uuid)
returns table (stored_user uuid, stored_response jsonb, has_active_plan boolean)
language plpgsql volatile as $$
begin
  -- One checkout at a time per key, and per person: two checkouts for plans must not both find
  -- "no active plan". Always in this order.
  perform pg_advisory_xact_lock(hashtext(checkout_key));
  perform 1 from users where user_uid = payer for update;
  return query
    select k.user_uid, k.response,
           exists (select 1 from subscriptions sub join skus s on s.sku_id = sub.sku_id
                    where sub.user_uid = payer and sub.status_cd = 'ACTV' and s.plan_tier is not null and sub.end_date > now())
      from (select 1) as one
      left join idempotency_keys k on k.scope = 'payment' and k.key = checkout_key;
end
$$;
