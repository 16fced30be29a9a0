-- Winback offers: rebate plans (sku type REBT) sold only to people whose plan has lapsed or is
-- running out. Each carries the window, in days since the cancellation, in which it is offered.

alter table skus add column winback_min_days integer;
alter table skus add column winback_max_days integer;
alter table skus add constraint skus_winback_window check (
  (winback_min_days is null and winback_max_days is null)
  or (sku_type_cd = 'REBT' and winback_min_days >= 0 and winback_max_days >= winback_min_days)
);
