-- A pending payment (PayPal, UPI) that the person cancels at the payment method is marked FAIL.
-- Like a decline it charged nothing, so it no longer holds its checkout session: the same
-- checkout may be paid again. A checkout still charges at most once.

drop index transactions_one_sale_per_session;

create unique index transactions_one_sale_per_session on transactions (session_guid) where transaction_type = 'SALE' and status_cd <> 'FAIL';
