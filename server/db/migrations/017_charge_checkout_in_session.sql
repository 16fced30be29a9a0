-- charge_checkout can check the payer's session itself: given the session cookie's value, it
-- charges only when that session is live, is the payer's, and the payer may buy the SKU (the SKU
-- is sold by the payer's portal or in the payer's country). Otherwise it takes no lock, writes
-- nothing and answers session_live = false, and the server checks the session the usual way to
-- say why. A payment then needs one round trip instead of two (the session's, then the charge's).
-- Given no session (null), the caller has checked it already, and it charges as before.
drop function charge_checkout(uuid, integer, boolean, text[], text, text, timestamptz, timestamptz, timestamptz, boolean, text,
  numeric, text, text, text, text, jsonb, text, text, jsonb);

create function charge_checkout(
  payer uuid, sku integer, is_plan boolean, replaced text[], plan_status text, plan_type text,
  starts timestamptz, ends timestamptz, next_billing timestamptz, waits boolean, sale_status text,
  amount numeric, currency text, method text, card text, last_four text, items jsonb,
  checkout_key text, attempt_outcome text, answer jsonb,
  payer_session text, sold_by_portal integer, sold_in_country text)
returns table (session_live boolean, kept_user uuid, kept_response jsonb, active_plan boolean, sale_id bigint, plan_id bigint)
language plpgsql volatile as $$
declare
  checkout record;
begin
  if payer_session is not null and not exists (
      select 1 from sessions s join users u on u.user_uid = s.user_uid
       where s.session_id = payer_session and s.expires_at > now() and s.user_uid = payer
         and (u.portal_id = sold_by_portal or u.country_cd = sold_in_country)) then
    return query select false, null::uuid, null::jsonb, null::boolean, null::bigint, null::bigint;
    return;
  end if;
  select * into checkout from lock_checkout($18, $1);
  if checkout.stored_response is not null or ($3 and checkout.has_active_plan) then
    return query select true, checkout.stored_user, checkout.stored_response, checkout.has_active_plan, null::bigint, null::bigint;
  else
    return query select true, null::uuid, null::jsonb, false, charged.transaction_id, charged.subscription_id
      from record_charge($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) as charged;
  end if;
end
$$;
