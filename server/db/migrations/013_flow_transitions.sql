-- The flow explorer's record of what the app's machines did. Raw transitions are kept once per
-- client-chosen id (a retry or replay is not counted again); the explorer reads only the per-day
-- rollups, which the same transaction that stores a transition keeps up to date.

-- Who the visitor was, coarsely: a handful of distinct rows, shared by all their transitions.
create table flow_segments (
  segment_id bigint generated always as identity primary key,
  segment_key text not null unique,
  country text not null,
  device text not null,
  user_type text not null,
  -- experiment GUID -> variation index
  variations jsonb not null
);

create table flow_transitions (
  transition_id uuid primary key,
  machine text not null,
  flow_id uuid not null,
  seq integer not null,
  from_state text,
  event text not null,
  to_state text not null,
  at timestamptz not null,
  segment_id bigint not null references flow_segments (segment_id),
  received_at timestamptz not null default now()
);
create index flow_transitions_by_visit on flow_transitions (machine, flow_id, seq);

-- One row per visit (one machine instance): the state of its highest step so far, so drop-off
-- (visits whose last state is this one) is kept without reading the raw transitions.
create table flow_visits (
  machine text not null,
  flow_id uuid not null,
  last_seq integer not null,
  last_state text not null,
  -- the day and segment of that last step, where its drop-off is counted
  last_day date not null,
  segment_id bigint not null references flow_segments (segment_id),
  primary key (machine, flow_id)
);

-- Transitions per day, segment and edge; a visit's start has from_state '' (none).
create table flow_edge_days (
  machine text not null,
  day date not null,
  segment_id bigint not null references flow_segments (segment_id),
  from_state text not null,
  event text not null,
  to_state text not null,
  transitions bigint not null,
  primary key (machine, day, segment_id, from_state, event, to_state)
);

-- Entries into each state, and visits whose last step (on that day) ended there.
create table flow_state_days (
  machine text not null,
  day date not null,
  segment_id bigint not null references flow_segments (segment_id),
  state text not null,
  entries bigint not null default 0,
  drop_off bigint not null default 0,
  primary key (machine, day, segment_id, state)
);
