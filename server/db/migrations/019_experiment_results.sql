-- Experiment results (GET /api/flows/experiments/{guid}/results): what each experiment is read
-- against, and what lets the results count visits and goal entries in SQL quickly.

-- The control the other variations are compared with: variation 1, or for the cancel-flow
-- experiment its holdout, variation 2 (shown no offer).
alter table experiments add column control_variation integer not null default 1;
-- The configured split, one weight per variation 1..variation_count; null is an equal split.
alter table experiments add column variation_weights integer[];
-- The goal suggested to an analyst: a state id of a flow machine, `<machine>.<state>`.
alter table experiments add column goal_state text;
alter table experiments add constraint experiments_control_is_a_variation check (control_variation between 1 and variation_count);
alter table experiments add constraint experiments_weights_per_variation
  check (variation_weights is null or (cardinality(variation_weights) = variation_count and 0 < all (variation_weights)));

-- The seeded configuration's experiments, for databases seeded before this migration (the seed
-- writes the same values into new ones).
update experiments set control_variation = 2, goal_state = 'cancellationConfirm.cancelled' where experiment_guid = 'e1000000-0000-4000-8000-000000000002';
update experiments set goal_state = 'purchaseFunnel.paid'
 where experiment_guid in ('e1000000-0000-4000-8000-000000000001', 'e1000000-0000-4000-8000-000000000003', 'e1000000-0000-4000-8000-000000000011',
   'e1000000-0000-4000-8000-000000000012', 'e1000000-0000-4000-8000-000000000013', 'e1000000-0000-4000-8000-000000000014', 'e1000000-0000-4000-8000-000000000022');
update experiments set goal_state = 'preCancel.kept' where experiment_guid = 'e1000000-0000-4000-8000-000000000021';
update experiments set goal_state = 'orderConfirmation.afterPurchase' where experiment_guid = 'e1000000-0000-4000-8000-000000000023';
update experiments set goal_state = 'upsellOffers.charging' where experiment_guid = 'e1000000-0000-4000-8000-000000000031';

-- The day each visit started (its earliest step's), so the results read a machine's visits of a
-- range from this narrow table rather than from the start rows scattered over the raw ones.
alter table flow_visits add column first_day date;
update flow_visits v set first_day = s.day
  from (select machine, flow_id, (min(at) at time zone 'UTC')::date as day from flow_transitions group by machine, flow_id) s
 where s.machine = v.machine and s.flow_id = v.flow_id;
update flow_visits set first_day = last_day where first_day is null;
alter table flow_visits alter column first_day set not null;
create index flow_visits_by_start on flow_visits (machine, first_day);
-- The visits of a machine that entered a state.
create index flow_transitions_entries on flow_transitions (machine, to_state, flow_id);
