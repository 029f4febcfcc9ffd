-- Production data (domain.md "Production data"), written by ingest from JetStream subject
-- plant.<lineId>.<kind>. Append-only time series, each row keyed by its sample's UUIDv7 id and
-- time, so that a redelivered message is written with `on conflict do nothing` and stored once.
-- The key includes `time` because a TimescaleDB hypertable requires the partitioning column in
-- every unique index.
--
-- Line, scale, bin, material, recipe, shift and stop-reason ids are text without foreign keys:
-- the plant configuration tables do not exist yet, and samples must never be refused because
-- a line was configured after its controller started sending.

create table weighing (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text not null,
    scale_id text not null,
    bin_id text,
    material_id text not null,
    lot text,
    setpoint_kg double precision not null,
    actual_kg double precision not null,
    deviation_kg double precision not null,
    tolerance_kg double precision not null,
    in_tolerance boolean not null,
    duration_s double precision not null,
    inflight_kg double precision not null,
    received_at timestamptz not null default now(),
    constraint weighing_pkey primary key (id, time)
);
create index weighing_batch_idx on weighing (line_id, batch_id);

create table mixing (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text not null,
    mixing_action_id text not null,
    planned_s double precision not null,
    actual_s double precision not null,
    energy_kwh double precision not null,
    peak_power_kw double precision not null,
    received_at timestamptz not null default now(),
    constraint mixing_pkey primary key (id, time)
);
create index mixing_batch_idx on mixing (line_id, batch_id);

create table process_sample (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text,
    parameter_code text not null,
    value double precision not null,
    constraint process_sample_pkey primary key (id, time)
);
create index process_sample_batch_idx on process_sample (line_id, batch_id, parameter_code);

create table pressure_reading (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text,
    material_code text,
    sensor text not null,
    pressure_bar double precision not null,
    setpoint_bar double precision not null,
    constraint pressure_reading_pkey primary key (id, time)
);

create table alarm_event (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text,
    code text not null,
    severity text not null constraint alarm_event_severity_check check (severity in ('INFO', 'WARNING', 'CRITICAL')),
    message text not null,
    state text not null constraint alarm_event_state_check check (state in ('RAISED', 'CLEARED', 'ACKED')),
    cleared_at timestamptz,
    constraint alarm_event_pkey primary key (id, time)
);
create index alarm_event_code_idx on alarm_event (line_id, code, time);

create table line_state (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    state text not null constraint line_state_state_check check (state in ('RUNNING', 'IDLE', 'STOPPED', 'FAULT')),
    stop_reason_id text,
    constraint line_state_pkey primary key (id, time)
);

-- Batch started/ended events as received; `production_batch` is assembled from them.
create table batch_event (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    event text not null constraint batch_event_event_check check (event in ('STARTED', 'ENDED')),
    batch_id text not null,
    production_schedule_id text,
    schedule_name text,
    recipe_id text not null,
    recipe_code text,
    recipe_name text,
    recipe_version integer not null,
    status text not null constraint batch_event_status_check check (status in ('RUNNING', 'COMPLETE', 'ABORTED')),
    target_kg double precision not null,
    actual_kg double precision,
    shift_id text,
    constraint batch_event_pkey primary key (id, time)
);

create table bin_movement (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    bin_id text not null,
    material_id text not null,
    lot text,
    delta_kg double precision not null,
    level_kg double precision not null,
    kind text not null constraint bin_movement_kind_check check (kind in ('FILL', 'DOSE', 'EMPTY', 'CHANGE')),
    constraint bin_movement_pkey primary key (id, time)
);

create table calibration_check (
    id uuid not null,
    time timestamptz not null,
    line_id text not null,
    scale_id text not null,
    test_weight_kg double precision not null,
    reading_kg double precision not null,
    error_kg double precision not null,
    passed boolean not null,
    checked_by text,
    constraint calibration_check_pkey primary key (id, time)
);

-- BRIN on time (tiny, fits append-only data) and btree on (line_id, time) for every series.
create index weighing_time_brin on weighing using brin (time);
create index weighing_line_time_idx on weighing (line_id, time);
create index mixing_time_brin on mixing using brin (time);
create index mixing_line_time_idx on mixing (line_id, time);
create index process_sample_time_brin on process_sample using brin (time);
create index process_sample_line_time_idx on process_sample (line_id, time);
create index pressure_reading_time_brin on pressure_reading using brin (time);
create index pressure_reading_line_time_idx on pressure_reading (line_id, time);
create index alarm_event_time_brin on alarm_event using brin (time);
create index alarm_event_line_time_idx on alarm_event (line_id, time);
create index line_state_time_brin on line_state using brin (time);
create index line_state_line_time_idx on line_state (line_id, time);
create index batch_event_time_brin on batch_event using brin (time);
create index batch_event_line_time_idx on batch_event (line_id, time);
create index bin_movement_time_brin on bin_movement using brin (time);
create index bin_movement_line_time_idx on bin_movement (line_id, time);
create index calibration_check_time_brin on calibration_check using brin (time);
create index calibration_check_line_time_idx on calibration_check (line_id, time);

-- One row per batch, assembled by ingest from its STARTED and ENDED events.
create table production_batch (
    line_id text not null,
    batch_id text not null,
    production_schedule_id text,
    schedule_name text,
    recipe_id text not null,
    recipe_code text,
    recipe_name text,
    recipe_version integer not null,
    started_at timestamptz,
    ended_at timestamptz,
    status text not null constraint production_batch_status_check check (status in ('RUNNING', 'COMPLETE', 'ABORTED')),
    target_kg double precision not null,
    actual_kg double precision,
    shift_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint production_batch_pkey primary key (line_id, batch_id)
);
create index production_batch_line_started_idx on production_batch (line_id, started_at);
create index production_batch_running_idx on production_batch (line_id) where status = 'RUNNING';

-- Rollups per line and hour (UTC), maintained by ingest in the transaction of the raw rows and
-- only from rows that transaction really inserted. Reports read these.
create table rollup_material_hour (
    line_id text not null,
    hour timestamptz not null,
    material_id text not null,
    dosings bigint not null,
    setpoint_kg double precision not null,
    actual_kg double precision not null,
    abs_deviation_kg double precision not null,
    out_of_tolerance bigint not null,
    updated_at timestamptz not null default now(),
    constraint rollup_material_hour_pkey primary key (line_id, hour, material_id)
);

create table rollup_recipe_hour (
    line_id text not null,
    hour timestamptz not null,
    recipe_id text not null,
    batches bigint not null,
    aborted bigint not null,
    target_kg double precision not null,
    actual_kg double precision not null,
    updated_at timestamptz not null default now(),
    constraint rollup_recipe_hour_pkey primary key (line_id, hour, recipe_id)
);

-- shift_id '' stands for batches that carried no shift.
create table rollup_shift_hour (
    line_id text not null,
    hour timestamptz not null,
    shift_id text not null,
    batches bigint not null,
    aborted bigint not null,
    actual_kg double precision not null,
    updated_at timestamptz not null default now(),
    constraint rollup_shift_hour_pkey primary key (line_id, hour, shift_id)
);

-- Messages ingest could not read: kept with their raw bytes for inspection and replay.
create table ingest_quarantine (
    id bigint generated always as identity primary key,
    subject text not null,
    stream_sequence bigint,
    raw bytea not null,
    reason text not null,
    received_at timestamptz not null default now()
);
create index ingest_quarantine_received_idx on ingest_quarantine (received_at);

-- With TimescaleDB available (production), the series become hypertables with one-day chunks.
-- Debian ships no TimescaleDB, so on development machines this block does nothing.
do $$
declare
    t text;
begin
    if exists (select 1 from pg_available_extensions where name = 'timescaledb') then
        create extension if not exists timescaledb;
        foreach t in array array['weighing', 'mixing', 'process_sample', 'pressure_reading', 'alarm_event',
                                 'line_state', 'batch_event', 'bin_movement', 'calibration_check'] loop
            perform create_hypertable(t::regclass, 'time', chunk_time_interval => interval '1 day', migrate_data => true);
        end loop;
    end if;
end;
$$;
